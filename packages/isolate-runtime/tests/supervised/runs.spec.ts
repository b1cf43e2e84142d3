import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { CodeRuntimeError } from '@isocode/code-runtime'
import type { CodeBinding, JsonValue } from '@isocode/code-runtime'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, echo, never, ns, run, runUntilLogged, sleep } from '../helpers.ts'

describe('supervised runtime: runs over the process boundary', () => {
  let app: Awaited<ReturnType<typeof bootSupervised>>
  let local: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    ;[app, local] = await Promise.all([
      bootSupervised({ poolSize: 1, cpuMs: 1_500, wallMs: 2_000 }),
      boot({ poolSize: 1, cpuMs: 1_500, wallMs: 2_000 }),
    ])
  })
  afterAll(() => Promise.all([app.dispose(), local.dispose()]))

  it('reports itself as a typescript runtime isolated by process', () => {
    expect({ language: app.runtime.language, isolation: app.runtime.isolation }).toEqual({
      language: 'typescript',
      isolation: 'process',
    })
  })

  // why: the parent holds the real functions; what a program sees must not depend on the backend.
  it('gives the program the same values and errors as the in-process runtime', async () => {
    const functions: Record<string, CodeBinding> = {
      echo,
      fail: () => Promise.reject(new Error('disk full')),
      throwsString: () => {
        throw 'plain string'
      },
      bigint: () => Promise.resolve(10n as unknown as JsonValue),
      nothing: () => Promise.resolve(undefined as unknown as JsonValue),
    }
    const program = [
      'const out: unknown[] = [await tools.echo({ a: [1, -0, "é"] }), (await tools.nothing({})) === undefined]',
      'for (const name of ["fail", "throwsString", "bigint"]) {',
      '  try { await (tools as any)[name]({}) } catch (e: any) { out.push([e.name, e.tool, e.message]) }',
      '}',
      'console.log("done")',
      'return out',
    ].join('\n')
    const bindings = [ns('tools', functions, { name: 'ToolCallError', memberNameProperty: 'tool' })]
    const [remote, inProcess] = await Promise.all([
      run(app.runtime, program, bindings),
      run(local.runtime, program, bindings),
    ])
    // why: usage is measured, so only its counts can match; the outcome must match exactly.
    expect({ ...remote, usage: undefined }).toEqual({ ...inProcess, usage: undefined })
    expect(remote.usage.bindingCalls).toBe(inProcess.usage.bindingCalls)
    expect(remote.usage.outputBytes).toBe(inProcess.usage.outputBytes)
    expect(remote.value).toEqual([
      { a: [1, 0, 'é'] },
      true,
      ['ToolCallError', 'fail', 'disk full'],
      ['ToolCallError', 'throwsString', 'plain string'],
      expect.any(Array),
    ])
    expect((remote.value as JsonValue[])[4]).toEqual([
      'ToolCallError',
      'bigint',
      expect.stringMatching(/^bigint: the result is not lossless JSON/),
    ])
  })

  it('dispatches binding calls one at a time, in order, and none after the run settled', async () => {
    const seen: JsonValue[] = []
    let active = 0
    let overlap = false
    const slow: CodeBinding = async (args) => {
      overlap ||= active > 0
      active++
      await sleep(2)
      seen.push(args as JsonValue)
      active--
      return args as JsonValue
    }
    const program = 'void tools.slow("late"); return (await Promise.all([1, 2, 3].map((i) => tools.slow(i)))).length'
    const result = await run(app.runtime, program.replace('void tools.slow("late"); ', ''), [ns('tools', { slow })])
    expect(result).toEqual({ value: 3, logs: [], usage: expect.any(Object) })
    expect({ seen, overlap }).toEqual({ seen: [1, 2, 3], overlap: false })
    seen.length = 0
    const leftover = await run(app.runtime, 'void tools.slow(1); void tools.slow(2); return "early"', [
      ns('tools', { slow }),
    ])
    await sleep(50)
    expect(leftover.value).toBe('early')
    expect(seen.length).toBeLessThanOrEqual(1)
  })

  it('aborts a busy run with its logs and a queued run without starting it, then serves the next', async () => {
    const busy = new AbortController()
    const { result: first, logged } = runUntilLogged(
      app.runtime,
      "console.log('spinning')\nwhile (true) {}",
      busy.signal,
    )
    const queued = new AbortController()
    const second = run(app.runtime, "console.log('never')", [], queued.signal)
    queued.abort()
    expect(await second).toEqual({
      logs: [],
      error: { kind: 'abort', message: 'the run was aborted while queued' },
      usage: expect.any(Object),
    })
    await logged
    busy.abort(new Error('stop now'))
    expect(await first).toEqual({
      logs: ['spinning'],
      error: { kind: 'abort', message: 'the run was aborted (stop now)' },
      usage: expect.any(Object),
    })
    expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
  })

  it('ends a run whose binding never settles at the wall budget', async () => {
    const result = await run(app.runtime, 'console.log("waiting"); await tools.never({})', [ns('tools', { never })])
    expect(result).toEqual({
      logs: ['waiting'],
      error: {
        kind: 'timeout',
        message: 'wall-clock budget of 2000 ms exceeded while waiting on tools.never (at 1:37)',
      },
      usage: expect.any(Object),
    })
  })

  it('taps log lines as they reach the parent, the same lines the result keeps', async () => {
    const tapped: string[] = []
    const program = 'console.log("one"); await tools.echo({}); console.log("two"); while (true) {}'
    const result = await app.runtime.run({
      program,
      bindings: [ns('tools', { echo })],
      onLog: (line) => void tapped.push(line),
    })
    // why: the loop runs on the child's main thread after the echo settled (RunBudgets.resumeOnHostThread).
    expect(result).toEqual({
      logs: ['one', 'two'],
      error: { kind: 'timeout', message: 'CPU budget of 1500 ms exceeded after tools.echo settled (at 1:33)' },
      usage: expect.any(Object),
    })
    expect(tapped).toEqual(['one', 'two'])
  })

  it('rejects misuse before anything reaches a process', async () => {
    const before = app.runtime.stats().runs
    await expect(app.runtime.run({ program: 42 } as never)).rejects.toThrow(CodeRuntimeError)
    await expect(
      app.runtime.run({ program: 'return 1', bindings: [{ global: 'not valid', functions: { echo } }] }),
    ).rejects.toMatchObject({ code: 'INVALID_BINDINGS' })
    expect(app.runtime.stats().runs).toBe(before)
  })
})

/** Pids of this process's children that run the supervised runtime's child entry (Linux /proc). */
function runtimeChildren(): number[] {
  const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/),
  )
  return pids
    .filter(
      (pid) =>
        pid !== '' &&
        existsSync(`/proc/${pid}/cmdline`) &&
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('child/child-main.'),
    )
    .map(Number)
}

describe('supervised runtime: lifecycle', () => {
  it.runIf(existsSync('/proc/self/task'))(
    'starts a process and a spare (pool of 2) and leaves none after dispose',
    async () => {
      const before = runtimeChildren()
      const app = await bootSupervised({ poolSize: 2 })
      expect(runtimeChildren().filter((pid) => !before.includes(pid))).toHaveLength(2)
      await app.dispose()
      expect(runtimeChildren().filter((pid) => !before.includes(pid))).toEqual([])
    },
  )

  it('serves queued runs FIFO across its processes and ends everything with abort on dispose', async () => {
    const app = await bootSupervised({ poolSize: 2, cpuMs: 5_000, wallMs: 5_000 })
    // why: the spare starts after start-up (RT-69); wait until it is up.
    await app.runtime.ready()
    const order: number[] = []
    const mark: CodeBinding = (args) => (order.push(args as number), Promise.resolve(null))
    const quick = await Promise.all(
      [1, 2, 3, 4].map((i) => run(app.runtime, `await tools.mark(${i}); return ${i}`, [ns('tools', { mark })])),
    )
    expect(quick.map((result) => result.value)).toEqual([1, 2, 3, 4])
    expect(order.toSorted()).toEqual([1, 2, 3, 4])
    const spinning = runUntilLogged(app.runtime, 'console.log("a"); while (true) {}')
    const live = [spinning.result, run(app.runtime, 'while (true) {}'), run(app.runtime, 'return "queued"')]
    await spinning.logged
    await app.dispose()
    const ended = await Promise.all(live)
    expect(ended.map((result) => result.error)).toEqual(
      [0, 1, 2].map(() => ({ kind: 'abort', message: 'the runtime was disposed' })),
    )
    expect(ended[0]?.logs).toEqual(['a'])
    await expect(run(app.runtime, 'return 1')).rejects.toMatchObject({ code: 'DISPOSED' })
    expect(app.runtime.stats()).toMatchObject({ processesStarted: 2, processesLost: 0, processesRetired: 0, runs: 6 })
  })

  it('refuses an invalid config before starting any process', async () => {
    await expect(bootSupervised({ poolSize: 0 })).rejects.toThrow(/poolSize must be an integer from 1/)
  })

  it('exports the in-process runtime alongside, unchanged', () => {
    expect(InProcessIsolateRuntime.name).toBe('InProcessIsolateRuntime')
  })
})
