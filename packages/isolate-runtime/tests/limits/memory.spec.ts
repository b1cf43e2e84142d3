import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1, memoryMb: 16, cpuMs: 10_000, wallMs: 10_000 })
})
afterAll(() => app.dispose())

it('reports heap exhaustion as memory, keeps the logs and replaces the isolate', async () => {
  const program =
    "console.log('before')\nconst keep: number[][] = []\nfor (;;) keep.push(new Array(100_000).fill(keep.length))"
  const result = await run(app.runtime, program)
  expect(result.error?.kind).toBe('memory')
  expect(result.logs).toEqual(['before'])
  expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
}, 20_000)
