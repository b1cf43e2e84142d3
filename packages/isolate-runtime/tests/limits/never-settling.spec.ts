import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, never, ns, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1 })
})
afterAll(() => app.dispose())

it('ends a run awaiting a never-settling binding at the wall budget', async () => {
  const result = await run(app.runtime, "console.log('waiting')\nawait tools.never({})", [ns('tools', { never })])
  expect(result).toEqual({
    logs: ['waiting'],
    error: { kind: 'timeout', message: expect.stringMatching(/wall/) },
    usage: expect.any(Object),
  })
  expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
})
