import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1 })
})
afterAll(() => app.dispose())

it('fails a program that closes its wrapper early, and a loop outside it hits the CPU budget', async () => {
  const escaped = await run(app.runtime, 'return 1\n}); (globalThis as any).escaped = 1; 0 && (function () {')
  expect(escaped.error).toEqual({ kind: 'exception', message: expect.stringMatching(/closes the function it runs in/) })
  // why: the loop sits outside the program's function; it must still run under the budgets,
  // never on the host thread (which would hang the host).
  const looping = await run(app.runtime, 'return 1\n}); for (;;) {}; (async function () {')
  expect(looping.error).toEqual({ kind: 'timeout', message: expect.stringMatching(/CPU/) })
  expect(await run(app.runtime, 'return typeof __isocodeStart')).toEqual({
    value: 'undefined',
    logs: [],
    usage: expect.any(Object),
  })
})
