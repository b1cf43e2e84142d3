// Defects seen from the command line: start failures are one line without a stack, a
// server that never answers the handshake is given up on (--handshake-ms), an empty program warns.
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'isocode.mjs')
let dir = ''

function isocode(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: dir, timeout: 50_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-defects-')))
  await writeFile(join(dir, 'one.ts'), 'return 1\n')
  await writeFile(join(dir, 'empty.ts'), '// nothing here yet\n\n/* still nothing */\n')
  await writeFile(
    join(dir, 'dies.mjs'),
    'console.error("loading config"); console.error("fatal: API_KEY is not set"); process.exit(2)\n',
  )
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('isocode defects', () => {
  it('--mcp naming a missing command fails in one line with the server name, no stack trace', async () => {
    const outcome = await isocode(['run', 'one.ts', '--mcp', 'no-such-mcp-server-xyz --flag'])
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^isocode: --mcp: MCP server "no-such-mcp-server-xyz" \(no-such-mcp-server-xyz --flag\) could not be started \(spawn no-such-mcp-server-xyz ENOENT\)/,
      ),
    ])
    expect(outcome.stdout).toBe('')
  })

  it('a server that exits at once: one line ending with the tail of its stderr', async () => {
    const outcome = await isocode(['run', 'one.ts', '--mcp', `broken=${process.execPath} dies.mjs`])
    expect(outcome.code).toBe(1)
    const lines = outcome.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^isocode: --mcp: MCP server "broken" .+ could not be started .+its stderr ended with: loading config \| fatal: API_KEY is not set$/,
    )
    expect(outcome.stderr).not.toContain('    at ')
  })

  it('a server that never answers the handshake is given up on after --handshake-ms', async () => {
    const outcome = await isocode(['run', 'one.ts', '--mcp', 'sleep 1000', '--handshake-ms', '400'])
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining(
        'MCP server "sleep" (sleep 1000) could not be started (no answer to the MCP handshake within 400 ms)',
      ),
    ])
  })

  it('an empty program runs, exits 0, and warns that it does nothing', async () => {
    const outcome = await isocode(['run', 'empty.ts'])
    expect(outcome.code).toBe(0)
    expect(outcome.stderr).toMatch(/^isocode: warning: "empty.ts" has no statements, so the run does nothing/)
    expect(outcome.stdout).toContain('(nothing)')
  })

  it('serve on stdio answers a malformed line with a -32700 error and logs it', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--isolation', 'isolate'], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const firstLine = new Promise<string>((resolve) => {
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8')
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')))
      })
    })
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize",\n')
    const reply = JSON.parse(await firstLine) as unknown
    child.stdin.end()
    await new Promise((resolve) => child.on('exit', resolve))
    expect(reply).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32_700, message: expect.stringContaining('Parse error') },
    })
    expect(stderr).toContain('isocode serve: rejected an input line: Parse error')
  })

  it('a program with statements does not warn', async () => {
    const outcome = await isocode(['run', 'one.ts'])
    expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' })
  })
})
