// The CLI as a user runs it: bin/isocode.mjs (the built dist/main.js) as a subprocess, from a folder outside the repo.
import { execFile } from 'node:child_process'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const here = dirname(fileURLToPath(import.meta.url))
const bin = join(here, '..', 'bin', 'isocode.mjs')

let dir = ''

interface Outcome {
  code: number
  /** The signal that ended the launcher, if one did (its node child's signal becomes exit code 128). */
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

function isocode(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: dir, timeout: 50_000 }, (error, stdout, stderr) => {
      resolve({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        signal: error?.signal ?? null,
        stdout,
        stderr,
      })
    })
  })
}

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-cli-')))
  await writeFile(join(dir, 'one.md'), '# One\nalpha\n')
  await writeFile(join(dir, 'two.md'), '# Two\nbeta\ngamma\n')
  await writeFile(join(dir, 'three.md'), '# Three\n')
  await writeFile(
    join(dir, 'summary.ts'),
    `const { files } = await tools.list_files({})
const notes = files.filter((f: string) => f.endsWith('.md'))
const summary: Record<string, number> = {}
for (const file of notes) {
  const text = await tools.read_file({ path: file })
  summary[file] = text.trimEnd().split('\\n').length
  console.log('read ' + file)
}
return summary
`,
  )
  await writeFile(join(dir, 'broken.ts'), `await tools.read_file({ path: 'missing.md' })\nreturn 'not reached'\n`)
  await writeFile(
    join(dir, 'answer.ts'),
    `const { files } = await tools.list_files({})\nreturn { answer: 6 * 7, files: files.length }\n`,
  )
  // why: isolated-vm #457/#527: this Map-of-objects growth makes V8 abort the whole process.
  await writeFile(join(dir, 'map-bomb.ts'), `const m = new Map()\nfor (let i = 0; ; i++) m.set(i, { i })\n`)
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

/** stderr without the live timeline's lines (`isocode: [n] tool  ms  outcome`): warnings and errors only. */
const diagnostics = (stderr: string): string => stderr.replaceAll(/^isocode: \[\d+\] .*\n/gm, '')

describe('isocode as a subprocess', () => {
  it('--help prints usage for the CLI and each command', async () => {
    const main = await isocode(['--help'])
    expect(main.code).toBe(0)
    expect(main.stdout).toContain('isocode run <program.ts>')
    const run = await isocode(['run', '--help'])
    expect(run.stdout).toContain('--wall-ms <ms>')
  })

  it('a bad flag exits 1 and says where help is', async () => {
    const outcome = await isocode(['run', 'summary.ts', '--nope'])
    expect(outcome.code).toBe(1)
    expect(outcome.stderr).toContain("Unknown option '--nope'")
    expect(outcome.stderr).toContain('Run `isocode run --help` for usage.')
  })

  it('run reads three files with the workspace toolset and prints logs, value, timeline and budget', async () => {
    const outcome = await isocode(['run', 'summary.ts'])
    // why: stderr is not a terminal here, so each call is shown as a plain line as it finishes.
    expect(outcome.stderr).toMatch(/^(isocode: \[\d\] (list_files|read_file) {2}\d+ ms {2}ok\n){4}$/)
    expect(outcome.code).toBe(0)
    expect(outcome.stdout).toContain('read one.md\nread three.md\nread two.md')
    expect(outcome.stdout).toContain('"two.md": 3')
    expect(outcome.stdout).toContain('── tool calls (4)')
    expect(outcome.stdout).toMatch(/ {2}1 {2}list_files +\d+ ms {2}ok/)
    expect(outcome.stdout).toMatch(/ {2}4 {2}read_file +\d+ ms {2}ok/)
    expect(outcome.stdout).toMatch(/wall +\d+ ms of 30000 ms/)
    expect(outcome.stdout.trimEnd().endsWith('── ok ' + '─'.repeat(58))).toBe(true)
  })

  it('run exits 1 when the program fails, showing the failed call', async () => {
    const outcome = await isocode(['run', 'broken.ts'])
    expect(outcome.code).toBe(1)
    expect(outcome.stdout).toMatch(/read_file +\d+ ms {2}error NOT_FOUND: "missing.md" does not exist/)
    expect(outcome.stdout).toContain('── failed (exception)')
  })

  it('run --isolation process runs the program in a child process and says so in the budget', async () => {
    const outcome = await isocode(['run', 'answer.ts', '--isolation', 'process'])
    expect(diagnostics(outcome.stderr)).toBe('')
    expect(outcome.code).toBe(0)
    expect(outcome.stdout).toContain('"answer": 42')
    expect(outcome.stdout).toMatch(/ {2}1 {2}list_files +\d+ ms {2}ok/)
    expect(outcome.stdout).toContain('runtime process (an isolate in a supervised child process)')
  })

  it('run --isolation process survives a program that makes V8 abort: a memory failure, exit 1, no signal', async () => {
    const outcome = await isocode(['run', 'map-bomb.ts', '--isolation', 'process'])
    // why: the launcher reports a signal death of the CLI's node process as 128 + the signal number.
    expect({ code: outcome.code, signal: outcome.signal }).toEqual({ code: 1, signal: null })
    expect(outcome.stdout).toContain('── failed (memory)')
    // why: the abort is a fact of the engine line (Node 20-24); Node 26 ends the same bomb as plain memory.
    const aborts = isolatedVmLineFor()?.abortsOnHashGrowth !== false
    expect(outcome.stdout).toContain(
      aborts
        ? 'the program exceeded the memory limit of 64 MB (memoryMb): V8 aborted its runtime process'
        : 'the program exceeded the memory limit of 64 MB (memoryMb)',
    )
  })

  it('sdk prints the tools:sdk text with typed returns', async () => {
    const outcome = await isocode(['sdk'])
    expect(outcome.code).toBe(0)
    expect(outcome.stdout).toContain('declare const tools: {')
    expect(outcome.stdout).toMatch(/list_files: \(args: \{[\s\S]*?\}\) => Promise<\{\n {4}\/\*\*/)
    expect(outcome.stdout).toContain('}) => Promise<string>;')
  })

  it('serve on stdio in code mode refuses a hidden tool with a JSON-RPC error naming the tool and the mode (R-96)', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'serve'],
      cwd: dir,
      stderr: 'pipe',
    })
    const client = new Client({ name: 'cli-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['run_code'])
      const refused = await client.callTool({ name: 'read_file', arguments: { path: 'one.md' } }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(refused).toMatchObject({
        code: -32_602,
        message: expect.stringContaining(
          'Unknown tool: "read_file" is not offered by this server in mode "code" (tools/list offers run_code); call it from a program instead',
        ),
      })
    } finally {
      await client.close()
    }
  })

  it('serve speaks MCP on stdio: lists run_code with the SDK and runs a program', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'serve', '--mode', 'both'],
      cwd: dir,
      stderr: 'pipe',
    })
    const client = new Client({ name: 'cli-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name).toSorted()).toEqual(['list_files', 'read_file', 'run_code', 'search_text'])
      expect(tools.find((tool) => tool.name === 'run_code')?.description).toContain('declare const tools: {')
      const result = await client.callTool({
        name: 'run_code',
        arguments: { code: `return (await tools.read_file({ path: 'one.md' })).split('\\n')[1]`, description: 'read' },
      })
      expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'alpha' }] })
    } finally {
      await client.close()
    }
  })
})
