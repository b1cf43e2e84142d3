import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, echo, ns, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1 })
})
afterAll(() => app.dispose())

it('kills a CPU loop before and after an await, then replaces the isolate', async () => {
  for (const program of ['while (true) {}', 'await tools.echo({})\nwhile (true) {}']) {
    const result = await run(app.runtime, `console.log('before')\n${program}`, [ns('tools', { echo })])
    expect(result.error).toEqual({ kind: 'timeout', message: expect.stringMatching(/CPU/) })
    expect(result.logs).toEqual(['before'])
    expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
  }
})
