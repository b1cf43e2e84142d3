// setTimeout / clearTimeout inside the sandbox: host-side waits that count toward the wall budget,
// never the CPU budget, run beside the binding queue, and die with the run. Both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, echo, ns, run } from './helpers.ts'

const fail = (): Promise<never> => Promise.reject(new Error('no such record'))

const backends = [
  ['InProcessIsolateRuntime', boot],
  ['SupervisedIsolateRuntime', bootSupervised],
] as const

describe.each(backends)('timers on %s', (_name, start) => {
  let app: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    // why: CPU 100 ms but wall 3 s, so a timer that counted as CPU would fail the first case.
    app = await start({ poolSize: 1, cpuMs: 100, wallMs: 3_000 })
  })
  afterAll(() => app.dispose())

  it('waits on the host: a 300 ms timer passes a 100 ms CPU budget', async () => {
    const result = await run(
      app.runtime,
      'const t0 = Date.now()\nawait new Promise((r) => setTimeout(r, 300))\nreturn Date.now() - t0 >= 290',
    )
    expect(result).toEqual({ value: true, logs: [], usage: expect.any(Object) })
  })

  it('fires in delay order, passes extra arguments, and clearTimeout cancels', async () => {
    const program = [
      'const order: unknown[] = []',
      'setTimeout(() => order.push("late"), 60)',
      'const t = setTimeout(() => order.push("cleared"), 1)',
      'clearTimeout(t)',
      'setTimeout((a: number, b: string) => order.push(a, b), 0, 1, "x")',
      'await new Promise((r) => setTimeout(r, 120))',
      'return order',
    ].join('\n')
    expect(await run(app.runtime, program)).toEqual({ value: [1, 'x', 'late'], logs: [], usage: expect.any(Object) })
  })

  it('runs timers beside the binding queue: a timer never waits for a call, nor a call for a timer', async () => {
    const program = [
      'const order: string[] = []',
      'await Promise.all([new Promise((r) => setTimeout(() => r(order.push("timer")), 200)), tools.echo(1).then(() => order.push("call"))])',
      'return order',
    ].join('\n')
    expect(await run(app.runtime, program, [ns('tools', { echo })])).toEqual({
      value: ['call', 'timer'],
      logs: [],
      usage: expect.any(Object),
    })
  })

  it('counts toward the wall budget', async () => {
    const result = await run(app.runtime, 'await new Promise((r) => setTimeout(r, 60_000))')
    expect(result.error).toEqual({
      kind: 'timeout',
      message: 'wall-clock budget of 3000 ms exceeded while waiting on setTimeout (at 1:26)',
    })
  })

  it('never fires a timer after the program ended, not even during the next run', async () => {
    const first = await run(app.runtime, 'setTimeout(() => console.log("too late"), 50)\nreturn "done"')
    expect(first).toEqual({ value: 'done', logs: [], usage: expect.any(Object) })
    const second = await run(app.runtime, 'await new Promise((r) => setTimeout(r, 150))\nreturn 2')
    expect(second).toEqual({ value: 2, logs: [], usage: expect.any(Object) })
  })

  it('fails the run when a timer callback throws, at the line that threw', async () => {
    const result = await run(
      app.runtime,
      'setTimeout(() => {\n  throw new Error("late")\n}, 0)\nawait new Promise((r) => setTimeout(r, 100))',
    )
    expect(result.error).toEqual({ kind: 'exception', message: 'in a setTimeout callback: Error: late (at 2:9)' })
  })

  it('refuses a string callback', async () => {
    const result = await run(app.runtime, 'setTimeout("1 + 1" as any, 0)')
    expect(result.error?.message).toBe(
      'TypeError: setTimeout(callback, ms): callback must be a function (code strings are not run) (at 1:1)',
    )
  })

  it('points a rejected binding call at the line that made it', async () => {
    const result = await run(app.runtime, 'const a = 1\n  await tools.fail({ a })', [
      ns('tools', { fail }, { name: 'ToolCallError', memberNameProperty: 'tool' }),
    ])
    expect(result.error).toEqual({ kind: 'exception', message: 'ToolCallError: no such record (at 2:15)' })
  })
})

describe('timer bounds', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    app = await boot({ poolSize: 1, cpuMs: 2_000, wallMs: 5_000 })
  })
  afterAll(() => app.dispose())

  it('refuses more than 10000 pending timers, cleared ones included until their wait ends', async () => {
    const program =
      'let n = 0\ntry {\n  for (;;) { clearTimeout(setTimeout(() => {}, 60_000)); n++ }\n} catch (e: any) { return [n, e.message] }'
    expect(await run(app.runtime, program)).toEqual({
      value: [10000, 'setTimeout: 10000 timers are already pending; await or clear some first'],
      logs: [],
      usage: expect.any(Object),
    })
  })
})
