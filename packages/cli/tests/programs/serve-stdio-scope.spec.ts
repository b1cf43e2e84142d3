// `isocode serve` on stdio with a `file:` store, with the real MCP SDK client: each process
// is one session with a state scope of its own, and a `_meta.scope` is shared across processes.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { scratch } from '../durable/helpers.ts'
import { overStdio, runValue as run } from '../durable/mcp-client.ts'
import type { Connected } from '../durable/mcp-client.ts'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

let dir = ''
const clients: Connected[] = []
const flags = ['--tools', 'tools.mjs', '--store', 'file:runs.db']

beforeAll(async () => {
  dir = await scratch('isocode-programs-stdio-')
})
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined)
  await rm(dir, { recursive: true, force: true })
})

describe('isocode serve on stdio', () => {
  it('keeps state per process, and shares a named _meta.scope across processes', async () => {
    const a = await overStdio(dir, flags)
    clients.push(a)
    const b = await overStdio(dir, flags)
    clients.push(b)
    expect(await run(a, "await state.set('k', 'from a')\nreturn 'ok'")).toBe('ok')
    expect(await run(a, "return await state.get('k')")).toBe('from a')
    expect(await run(b, "return (await state.get('k')) ?? 'none'")).toBe('none')
    expect(await run(a, "await state.set('shared', [1, 2])\nreturn 'ok'", 'project-x')).toBe('ok')
    expect(await run(b, "return await state.get('shared')", 'project-x')).toEqual([1, 2])
  })
})
