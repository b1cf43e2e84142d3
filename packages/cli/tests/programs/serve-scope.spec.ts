// `isocode serve --http` on a `file:` store, with the real MCP SDK client: a program saved
// with `isocode programs save` is in run_code's description and callable, and state is the MCP
// session's unless the client names a scope in `_meta.scope`.
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isocode, scratch } from '../durable/helpers.ts'
import { overHttp, runValue as run } from '../durable/mcp-client.ts'
import type { Connected } from '../durable/mcp-client.ts'
import { startServe } from '../serve-helpers.ts'
import type { Served } from '../serve-helpers.ts'

// why: saving waits for the checker's TypeScript to start; the timeout only guards against a hang.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

let dir = ''
let served: Served | undefined
const clients: Connected[] = []
const flags = ['--tools', 'tools.mjs', '--store', 'file:runs.db']

beforeAll(async () => {
  dir = await scratch('isocode-programs-serve-')
  await writeFile(join(dir, 'double.ts'), 'return { doubled: input.n * 2 }\n')
  await writeFile(
    join(dir, 'n.schema.json'),
    JSON.stringify({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }),
  )
  const saved = await isocode(dir, [
    'programs',
    'save',
    'double',
    '--code',
    'double.ts',
    '--description',
    'Doubles n.',
    '--input',
    'n.schema.json',
    ...flags,
  ])
  if (saved.code !== 0) throw new Error(`isocode programs save failed:\n${saved.stderr}`)
  served = await startServe(['--http', '127.0.0.1:0', ...flags], dir)
})
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined)
  served?.child.kill('SIGTERM')
  await served?.exit
  await rm(dir, { recursive: true, force: true })
})

async function session(): Promise<Connected> {
  const c = await overHttp((served as Served).url)
  clients.push(c)
  return c
}

describe('isocode serve --http with saved programs and state', () => {
  it('offers the saved program in run_code description and calls it', async () => {
    const c = await session()
    const { tools } = await c.client.listTools()
    const runCode = tools.find((tool) => tool.name === 'run_code')
    expect(runCode?.description).toContain('/** Doubles n. */')
    expect(runCode?.description).toContain('double(input: { n: number }): Promise<{ doubled: number; }>;')
    expect(await run(c, 'return await programs.double({ n: 21 })')).toEqual({ doubled: 42 })
  })

  it('keeps state per session: another session does not see it', async () => {
    const a = await session()
    const b = await session()
    expect(await run(a, "await state.set('k', 'from a')\nreturn 'ok'")).toBe('ok')
    expect(await run(a, "return await state.get('k')")).toBe('from a')
    expect(await run(b, "return (await state.get('k')) ?? 'none'")).toBe('none')
  })

  it('a _meta.scope is shared by the sessions that name it', async () => {
    const a = await session()
    const b = await session()
    expect(await run(a, "await state.set('shared', 7)\nreturn 'ok'", 'team-1')).toBe('ok')
    expect(await run(b, "return await state.get('shared')", 'team-1')).toBe(7)
    expect(await run(b, "return (await state.get('shared')) ?? 'none'")).toBe('none')
  })
})
