import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1 })
})
afterAll(() => app.dispose())

// why: the loop allocates nothing that survives a turn, so only the CPU budget can end it,
// however fast the machine is.
it('stops a microtask loop that never yields to the host', async () => {
  const result = await run(app.runtime, 'const spin = (): void => void Promise.resolve().then(spin)\nspin()\nreturn 1')
  expect(result.error?.kind).toBe('timeout')
  expect(await run(app.runtime, 'return 2')).toEqual({ value: 2, logs: [], usage: expect.any(Object) })
})
