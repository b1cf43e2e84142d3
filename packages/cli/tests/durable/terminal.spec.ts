// `isocode run` on a terminal asks approve/deny for each pending call and resumes in place;
// `--approve destructive` gates the MCP tools annotated destructiveHint: true.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCommandLine } from '../../src/args.ts'
import { runCommand } from '../../src/commands.ts'
import type { Io } from '../../src/io.ts'
import { handedOver, isocode, ran, scratch } from './helpers.ts'

const require = createRequire(import.meta.url)
const memoryBin = join(dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')), 'dist', 'index.js')
let dir = ''

beforeAll(async () => {
  dir = await scratch('isocode-durable-tty-')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function terminal(answers: string[]): Io & { stdout: string; stderr: string; asked: string[] } {
  const io = {
    stdout: '',
    stderr: '',
    asked: [] as string[],
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    ask: async (question: string) => (io.asked.push(question), answers.shift() ?? ''),
  }
  return io
}

const run = (io: Io, ...extra: string[]) => {
  const parsed = parseCommandLine(['run', join(dir, 'send.ts'), '--tools', join(dir, 'tools.mjs'), ...extra])
  if (parsed.command !== 'run') throw new Error('not a run')
  return runCommand(io, { ...parsed, isolation: 'isolate', root: dir })
}

describe('isocode run on a terminal', () => {
  it('asks for the gated call; yes runs it once and the run completes with exit code 0', async () => {
    const io = terminal(['y'])
    expect(await run(io, '--approve', 'send_email')).toBe(0)
    expect(io.asked).toEqual([
      'isocode: approve call 2  tools.send_email({"to":"ada@example.com","body":"hello"}) at 2:26? [y/N] ',
    ])
    expect(io.stdout).toContain('sent to ada@example.com')
    expect(await ran(dir, 'send_email')).toBe(1)
    expect(await ran(dir, 'lookup')).toBe(1)
  }, 120_000)

  it('anything but yes denies: the program gets DENIED, the tool never runs', async () => {
    const io = terminal(['n'])
    expect(await run(io, '--approve', 'send_email')).toBe(1)
    expect(io.stdout).toContain('DENIED')
    expect(io.stdout).toContain('denied at the terminal')
    expect(await ran(dir, 'send_email')).toBe(1)
  }, 120_000)

  it('a call no glob matches is never asked', async () => {
    const io = terminal([])
    expect(await run(io, '--approve', 'delete_*')).toBe(0)
    expect(io.asked).toEqual([])
    expect(await ran(dir, 'send_email')).toBe(2)
  }, 120_000)
})

it('--approve destructive pauses at the MCP tool annotated destructiveHint: true, not before', async () => {
  const mcp = await realpath(await mkdtemp(join(tmpdir(), 'isocode-durable-mcp-')))
  try {
    await writeFile(
      join(mcp, 'graph.ts'),
      `await tools.create_entities({ entities: [{ name: 'x', entityType: 't', observations: [] }] })
await tools.delete_entities({ entityNames: ['x'] })
return (await tools.read_graph({})).entities.length
`,
    )
    const server = `MEMORY_FILE_PATH=${join(mcp, 'memory.jsonl')} node ${memoryBin}`
    const flags = ['--mcp', server, '--approve', 'destructive', '--store', 'file:runs.db']
    const paused = await isocode(mcp, ['run', 'graph.ts', ...flags])
    expect(paused.code).toBe(3)
    expect(paused.stderr).toContain('  call 2  tools.delete_entities({"entityNames":["x"]}) at 2:')
    const { runId } = handedOver(paused.stderr)
    const done = await isocode(mcp, ['runs', 'approve', runId, ...flags])
    expect(done.code).toBe(0)
    expect(done.stdout).toMatch(/── returned[^\n]*\n0\n/)
  } finally {
    await rm(mcp, { recursive: true, force: true })
  }
}, 240_000)
