// Without a runStore service nothing is recorded: run_code's result carries no runId or
// status, ctx.tools.runs rejects with STORE, and a gated tool with no one to ask is denied
// like an `ask` decision instead of pausing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, data } from './app.ts'
import type { Booted } from './app.ts'

let app: Booted
beforeAll(async () => {
  app = await boot()
})
afterAll(() => app?.dispose())

it('records nothing, offers no runs, and denies an unanswered gated call', async () => {
  const plain = await app.runCode("const who = await tools.lookup({ name: 'ada' }); return who.email")
  expect(plain.isError).toBe(false)
  expect(data(plain)).toEqual({
    value: 'ada@example.com',
    logs: [],
    usage: expect.objectContaining({ toolCalls: 1 }),
  })
  await expect(app.root.tools.runs.list()).rejects.toMatchObject({ name: 'RegistryError', code: 'STORE' })

  const gated = await app.runCode('try { await tools.send({ to: "bob" }); return "sent" } catch (e) { return e.code }')
  expect(data(gated)).toMatchObject({ value: 'DENIED' })
  expect(data(gated).status).toBeUndefined()
  expect(app.sent).toEqual([])
})
