// Under `serve` runs are not recorded yet, so a call `--approve` gates is denied and never runs
// (rule R-141): the app serve builds, with its run_code called as an MCP client's call is.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootApp } from '../../src/app.ts'
import type { CliApp } from '../../src/app.ts'
import { PROGRAM, ran, scratch } from './helpers.ts'

let dir = ''
let app: CliApp

beforeAll(async () => {
  dir = await scratch('isocode-durable-serve-')
  app = await bootApp({
    mcp: [],
    tools: join(dir, 'tools.mjs'),
    workspace: false,
    root: dir,
    mode: 'both',
    isolation: 'isolate',
    approve: ['send_email'],
    store: 'memory:',
    log: () => {},
  })
})
afterAll(async () => {
  await app?.dispose()
  await rm(dir, { recursive: true, force: true })
})

it('a gated call inside run_code is denied as DENIED naming the gate; the tool never runs', async () => {
  const result = await app.root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code: PROGRAM } })
  expect(result.isError).toBe(true)
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
  expect(text).toContain('DENIED')
  expect(text).toContain('approve: send_email')
  expect(await ran(dir, 'send_email')).toBe(0)
  expect(await ran(dir, 'lookup')).toBe(1)
})

it('a gated tool called directly (--mode both) is denied too; an ungated one runs', async () => {
  const direct = await app.root.tools.execute({ callId: 'c2', name: 'send_email', arguments: { to: 'a', body: 'b' } })
  expect(direct.isError).toBe(true)
  expect(direct.error?.code).toBe('DENIED')
  const free = await app.root.tools.execute({ callId: 'c3', name: 'lookup', arguments: { who: 'bob' } })
  expect(free.isError).toBe(false)
  expect(await ran(dir, 'send_email')).toBe(0)
})
