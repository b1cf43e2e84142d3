// The commands in-process (one fork, modules loaded once): MCP servers, --tools modules, errors.
import { createRequire } from 'node:module'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from '@isocode/cli'
import { runCommand, sdkCommand } from '../src/commands.ts'
import type { Io } from '../src/io.ts'
import type { ToolSourceOptions } from '../src/args.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const memoryBin = join(dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')), 'dist', 'index.js')
const programs = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'programs')

let dir = ''
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-commands-')))
  await writeFile(
    join(dir, 'tools.ts'),
    `export default [{ name: 'shout', description: 'Upper-case a word.', parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  execute: async (args: { word: string }) => [{ type: 'text', text: args.word.toUpperCase() }] }]\n`,
  )
  await writeFile(join(dir, 'shout.ts'), `return await tools.shout({ word: 'quiet' })\n`)
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

function capture(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
  }
  return io
}

const sources = (extra: Partial<ToolSourceOptions> = {}): ToolSourceOptions => ({
  mcp: [],
  tools: undefined,
  workspace: false,
  root: dir,
  ...extra,
})

async function failure(run: () => Promise<unknown>): Promise<CliError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof CliError) return error
    throw error
  }
  throw new Error('expected a CliError')
}

describe('isocode commands', () => {
  it('run --mcp drives server-memory with typed results', async () => {
    const io = capture()
    const mcp = [`MEMORY_FILE_PATH=${join(dir, 'memory.jsonl')} node ${memoryBin}`]
    const code = await runCommand(io, {
      ...sources({ mcp }),
      program: join(programs, 'memory-graph.ts'),
      isolation: 'isolate',
    })
    expect(io.stderr).toBe('')
    expect(code).toBe(0)
    expect(io.stdout).toContain('"Isocode speaks MCP"')
    expect(io.stdout).toMatch(/create_entities +\d+ ms {2}ok/)
  })

  it('run explains a failure as the model reads it: the line quoted with a caret, the closest tool names', async () => {
    await writeFile(join(dir, 'typo.ts'), 'const word = "quiet"\nreturn await tools.shot({ word })\n')
    const io = capture()
    const code = await runCommand(io, {
      ...sources({ tools: join(dir, 'tools.ts') }),
      program: join(dir, 'typo.ts'),
      isolation: 'isolate',
    })
    expect(code).toBe(1)
    expect(io.stdout.slice(io.stdout.indexOf('── failed'))).toBe(
      [
        `── failed (exception) ${'─'.repeat(42)}`,
        'TypeError: tools.shot is not a function (at 2:20)',
        '2 | return await tools.shot({ word })',
        '  |                    ^',
        'There is no tool named "shot"; did you mean tools.shout?',
        '',
      ].join('\n'),
    )
  })

  it('run --tools loads a module of tool definitions instead of the workspace toolset', async () => {
    const io = capture()
    const code = await runCommand(io, {
      ...sources({ tools: join(dir, 'tools.ts') }),
      program: join(dir, 'shout.ts'),
      budgets: { cpuMs: 1_000, wallMs: 2_000 },
      isolation: 'isolate',
    })
    expect(code).toBe(0)
    expect(io.stdout).toContain('── returned ')
    expect(io.stdout).toContain('QUIET')
    expect(io.stdout).toContain('wall ')
    expect(io.stdout).toContain('of 2000 ms')
  })

  it('run --tool-calls ends a looping program with tool-call-limit and says so in the report', async () => {
    await writeFile(join(dir, 'loop.ts'), 'console.log("looping")\nwhile (true) await tools.shout({ word: "again" })\n')
    const io = capture()
    const options = {
      ...sources({ tools: join(dir, 'tools.ts') }),
      program: join(dir, 'loop.ts'),
      budgets: { cpuMs: 10_000, wallMs: 20_000, toolCalls: 3 },
      isolation: 'isolate' as const,
    }
    const code = await runCommand(io, options)
    expect(code).toBe(1)
    expect(io.stdout).toContain('── tool calls (3) ')
    expect(io.stdout.slice(io.stdout.indexOf('── failed'))).toBe(
      [
        `── failed (tool-call-limit) ${'─'.repeat(36)}`,
        'run_code failed (tool-call-limit): the program made more than 3 tool calls (toolCalls); call 4 was not run (at 2:26). ' +
          'Do more per call (a tool that takes a list, a narrower query) or split the work across run_code calls.',
        '2 | while (true) await tools.shout({ word: "again" })',
        `  | ${' '.repeat(25)}^`,
        '',
      ].join('\n'),
    )
  })

  it('a run that hits the default tool-call limit prints a few lines, not one per call', async () => {
    await writeFile(join(dir, 'loop-long.ts'), 'while (true) await tools.shout({ word: "again" })\n')
    let shown = ''
    const io = Object.assign(capture(), { live: { tty: false, write: (text: string) => void (shown += text) } })
    const options = {
      ...sources({ tools: join(dir, 'tools.ts') }),
      program: join(dir, 'loop-long.ts'),
      budgets: { cpuMs: 20_000, wallMs: 60_000 },
      isolation: 'isolate' as const,
    }
    expect(await runCommand(io, options)).toBe(1)
    expect(io.stdout).toContain('── tool calls (1000) ')
    expect(io.stdout).toMatch(/\n1-1000 {2}shout +\d+(-\d+)? ms {2}ok {2}× 1000\n/)
    expect(shown).toContain('isocode: … 997 more shout calls  ok\n')
    // why: was ~2,000 (a live line and a table row per call).
    expect(`${io.stdout}${io.stderr}${shown}`.split('\n').length).toBeLessThan(40)
  }, 60_000)

  it('sdk --tools FILE.json prints the full section under the budget and the compact one over it', async () => {
    const saved = join(programs, '..', 'tools', 'mcp-filesystem.json')
    const full = capture()
    await sdkCommand(full, { ...sources({ tools: saved }) })
    expect(full.stdout).toContain('  read_text_file: (args: {')
    const compact = capture()
    await sdkCommand(compact, { ...sources({ tools: saved }), budgets: { sdkBytes: 2_000 } })
    // why: the compact section is flat: counts and the discovery members, no tool or group.
    expect(compact.stdout).toMatch(/ \* - 14 tools in \d+ groups, too many to declare here\./)
    expect(compact.stdout).toContain('$describe(name?: string): Promise<string>;')
    expect(compact.stdout).not.toContain('read_text_file')
    expect(compact.stdout.length).toBeLessThan(full.stdout.length / 3)
  })

  it('sdk --tools accepts a saved JSON-RPC tools/list response and refuses other JSON', async () => {
    await writeFile(
      join(dir, 'rpc.json'),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { tools: [{ name: 'ping', description: 'Ping.', inputSchema: { type: 'object' } }] },
      }),
    )
    const io = capture()
    await sdkCommand(io, { ...sources({ tools: join(dir, 'rpc.json') }) })
    expect(io.stdout).toContain('  /** Ping. */\n  ping: (args: { [key: string]: unknown }) => Promise<string>;\n')
    await writeFile(join(dir, 'other.json'), '{"nope": true}')
    const error = await failure(() => sdkCommand(capture(), { ...sources({ tools: join(dir, 'other.json') }) }))
    expect(error.message).toBe(
      `--tools ${join(dir, 'other.json')}: expected a tools/list result ({ "tools": [...] }) or an array of tools`,
    )
  })

  it('sdk --workspace adds the workspace tools next to a tools module', async () => {
    const io = capture()
    await sdkCommand(io, sources({ tools: join(dir, 'tools.ts'), workspace: true }))
    expect(io.stdout).toContain('  shout: (args: {')
    expect(io.stdout).toContain('  list_files: (args: {')
  })

  it('names the fix for a missing program', async () => {
    const error = await failure(() =>
      runCommand(capture(), {
        ...sources(),
        program: join(dir, 'nowhere.ts'),
        isolation: 'isolate',
      }),
    )
    expect(error.code).toBe('INPUT')
    expect(error.message).toContain('(ENOENT); give a path relative to the current folder')
  })

  it('names a failing --mcp server with its stderr and the fix', async () => {
    const error = await failure(() =>
      sdkCommand(capture(), sources({ mcp: [`broken=node -e "console.error('missing API key'); process.exit(2)"`] })),
    )
    expect(error.code).toBe('STARTUP')
    expect(error.message).toContain('MCP server "broken"')
    expect(error.message).toContain('missing API key')
    expect(error.message).toContain('run it by hand')
  })

  it('names a bad --tools module', async () => {
    const error = await failure(() => sdkCommand(capture(), sources({ tools: join(dir, 'absent.ts') })))
    expect(error.code).toBe('INPUT')
    expect(error.message).toContain('the module could not be loaded')
  })
})
