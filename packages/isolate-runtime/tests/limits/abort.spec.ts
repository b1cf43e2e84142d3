import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, run, runUntilLogged } from '../helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot({ poolSize: 1, cpuMs: 10_000, wallMs: 10_000 })
})
afterAll(() => app.dispose())

it('aborts a busy run and replaces its isolate', async () => {
  const controller = new AbortController()
  const { result: pending, logged } = runUntilLogged(
    app.runtime,
    "console.log('spinning')\nwhile (true) {}",
    controller.signal,
  )
  await logged
  controller.abort(new Error('stop'))
  const result = await pending
  expect(result).toEqual({
    logs: ['spinning'],
    error: { kind: 'abort', message: expect.stringContaining('stop') },
    usage: expect.any(Object),
  })
  expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
})

it('aborts a run still waiting in the queue without running it', async () => {
  const busy = new AbortController()
  const first = run(app.runtime, 'while (true) {}', [], busy.signal)
  const queued = new AbortController()
  const second = run(app.runtime, "console.log('never')", [], queued.signal)
  queued.abort()
  expect(await second).toEqual({
    logs: [],
    error: { kind: 'abort', message: expect.any(String) },
    usage: expect.any(Object),
  })
  busy.abort()
  expect((await first).error?.kind).toBe('abort')
})
