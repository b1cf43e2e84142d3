// A saved program records the schema hash of every tool it calls: in a Code Mode whose tool
// changed its schema, or lost it, the program is listed stale and calling it fails naming the tool
// before any of its calls runs. The programs live in a file: store, so they outlive the Code Mode.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCodeMode } from 'isocode'
import type { ToolInput } from 'isocode'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

// why: the first save waits for the checker's TypeScript to start and parse its lib files; on a
// loaded machine that is a while, and the timeout only guards against a hang.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let dir: string
const calls: string[] = []

const lookup = (extra: Record<string, unknown> = {}): ToolInput => ({
  description: 'Look a word up.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' }, ...extra }, required: ['word'] },
  execute: async ({ word }: { word: string }) => (calls.push(word), `${word}: found`),
})

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'isocode-programs-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

it('lists a program stale and refuses to run it, naming the tool, once the tool changed or is gone', async () => {
  const store = `file:${join(dir, 'runs.db')}`
  const first = await createCodeMode({ isolation: 'isolate', store, tools: { lookup: lookup() } })
  await first.programs.save(
    'define',
    { code: `return await tools.lookup({ word: input.word })` },
    { description: 'Defines a word.', input: { type: 'object', properties: { word: { type: 'string' } } } },
  )
  expect(await first.run(`return await programs.define({ word: 'ada' })`)).toMatchObject({
    ok: true,
    value: 'ada: found',
  })
  await first.close()

  const changed = await createCodeMode({
    isolation: 'isolate',
    store,
    tools: { lookup: lookup({ lang: { type: 'string' } }) },
  })
  const [listed] = await changed.programs.list()
  expect(listed?.stale).toMatchObject({ tool: 'lookup', reason: 'changed' })
  expect(changed.sdk).toContain('(stale: tools.lookup changed; calling it fails)')
  calls.length = 0
  const refused = await changed.run(`return await programs.define({ word: 'bob' })`)
  expect(refused.ok).toBe(false)
  expect(refused.error?.message).toContain(
    'programs.define is stale: tools.lookup changed its schema since programs.define was saved',
  )
  expect(calls).toEqual([])
  await changed.close()

  const gone = await createCodeMode({ isolation: 'isolate', store, tools: {} })
  expect((await gone.programs.get('define'))?.stale).toMatchObject({ tool: 'lookup', reason: 'gone' })
  const refusedAgain = await gone.run(`return await programs.define({ word: 'cy' })`)
  expect(refusedAgain.error?.message).toContain('tools.lookup is gone since programs.define was saved')
  await gone.close()
})
