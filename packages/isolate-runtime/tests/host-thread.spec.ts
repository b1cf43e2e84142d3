// `resumeOnHostThread` in-process: the program's first task and its code after each await run on
// the host's thread. Values, order and budgets are those of the default path; an abort waits until
// the program awaits again or its budget ends (the documented price, rule RT-40).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, echo, ns, run, sleep } from './helpers.ts'

const SEQUENTIAL = 'let s = ""\nfor (let i = 0; i < 50; i++) s += (await tools.echo({ i })).i % 10\nreturn s'

describe('in-process with resumeOnHostThread', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => (app = await boot({ resumeOnHostThread: true, wallMs: 5_000 })))
  afterAll(() => app.dispose())

  it('gives the same values, in order, and settles every result from the host thread', async () => {
    const before = app.runtime.stats().hostThreadResumes
    const result = await run(app.runtime, SEQUENTIAL, [ns('tools', { echo })])
    expect(result.value).toBe('0123456789'.repeat(5))
    // why: a result that arrives while the first task is still on the isolate thread waits for
    // that task's completion, then settles from here too: one resume per call, none hopping.
    expect(app.runtime.stats().hostThreadResumes - before).toBe(50)
  })

  it('holds a result made during the first task until that task is done, then resumes here', async () => {
    const before = app.runtime.stats().hostThreadResumes
    const program =
      'const p = tools.echo({ i: 7 })\nlet x = 0\nfor (let i = 0; i < 2e6; i++) x += i % 3\nconst r = await p\nreturn [r.i, x > 0]'
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect({ value: result.value, resumes: app.runtime.stats().hostThreadResumes - before }).toEqual({
      value: [7, true],
      resumes: 1,
    })
  })

  it('ends a CPU loop after an await at the budget, naming the call it resumed from', async () => {
    const result = await run(app.runtime, 'await tools.echo({})\nconsole.log("in")\nfor (;;) {}', [
      ns('tools', { echo }),
    ])
    expect({ error: result.error, logs: result.logs }).toEqual({
      error: { kind: 'timeout', message: 'CPU budget of 100 ms exceeded after tools.echo settled (at 1:13)' },
      logs: ['in'],
    })
    expect((await run(app.runtime, 'return 2')).value).toBe(2)
  })

  it('runs the first task on the host thread too, and ends a top-level loop there at its budget', async () => {
    const before = app.runtime.stats().hostThreadStarts
    const result = await run(app.runtime, 'let x = 0\nfor (;;) x++')
    expect({ error: result.error, starts: app.runtime.stats().hostThreadStarts - before }).toEqual({
      error: { kind: 'timeout', message: 'CPU budget of 100 ms exceeded' },
      starts: 1,
    })
    expect((await run(app.runtime, 'return [1 + 1]')).value).toEqual([2])
  })

  it('reports a syntax error from a start on the host thread like any other', async () => {
    const result = await run(app.runtime, 'const y = 1 +;')
    expect(result.error).toEqual({ kind: 'exception', message: "SyntaxError: Unexpected token ';' (at 1:14)" })
  })

  it('lands an abort once the program awaits again', async () => {
    const controller = new AbortController()
    // why: the abort is requested while the program waits on a timer; it must end the run there.
    const pending = run(
      app.runtime,
      'await tools.echo({})\nawait new Promise((r) => setTimeout(r, 10_000))',
      [ns('tools', { echo })],
      controller.signal,
    )
    await sleep(30)
    controller.abort(new Error('stop'))
    expect((await pending).error).toEqual({
      kind: 'abort',
      message: 'the run was aborted (stop) while waiting on setTimeout (at 2:26)',
    })
  })
})

describe('in-process by default', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => (app = await boot()))
  afterAll(() => app.dispose())

  it('starts and settles everything on the isolate thread', async () => {
    const result = await run(app.runtime, SEQUENTIAL, [ns('tools', { echo })])
    const { hostThreadResumes, hostThreadStarts } = app.runtime.stats()
    expect({ value: result.value, hostThreadResumes, hostThreadStarts }).toEqual({
      value: '0123456789'.repeat(5),
      hostThreadResumes: 0,
      hostThreadStarts: 0,
    })
  })
})
