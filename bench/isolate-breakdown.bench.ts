// The critical path of one in-process `return 1`, measured piece by piece in one process:
// strip, compile+run without and with the thread hop, the guest → host callback hop, the
// settle bookkeeping, and the whole prepared-context run they add up to. `pnpm bench isolate`.
import { type CodeRuntime, withUsage } from '@isocode/code-runtime'
import { InProcessIsolateRuntime, stripProgram } from '@isocode/isolate-runtime'
import { Context } from 'cordis'
import { ivm } from './lib/ivm.ts'
import { expectValue, pause, PROGRAMS, RUNTIME_CONFIG } from './lib/runtime-tasks.ts'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const TASKS = {
  strip: 'breakdown: strip "return 1"',
  context: 'breakdown: createContextSync + release',
  evalSync: 'breakdown: compile + run, evalSync (no thread hop)',
  evalAsync: 'breakdown: compile + run, async eval (host → isolate → host)',
  callback: 'breakdown: guest → host callback hop',
  settle: 'breakdown: settle bookkeeping (usage + JSON)',
  run: 'breakdown: whole run, prepared context',
} as const

const round = (value: number): number => Number(value.toFixed(2))
const noop = (): void => {}

const suite: SuiteFactory = async () => {
  const isolate = new ivm.Isolate({ memoryLimit: 64 })
  const context = isolate.createContextSync()
  let wake: () => void = noop
  const hop = new ivm.Callback(() => wake(), { ignored: true })
  context.global.setSync('hop', hop)
  const root = new Context()
  const fiber = await root.plugin(InProcessIsolateRuntime, RUNTIME_CONFIG)
  const runtime = root.get('codeRuntime') as CodeRuntime
  const bench = createBench({ iterations: 50, warmupIterations: 10 })
  bench.add(TASKS.strip, () => {
    if (!stripProgram(PROGRAMS.return1).ok) throw new Error('bench: strip failed')
  })
  bench.add(TASKS.context, () => isolate.createContextSync().release())
  bench.add(TASKS.evalSync, () => {
    if (context.evalSync('(function () { return 1 })()') !== 1) throw new Error('bench: evalSync')
  })
  bench.add(TASKS.evalAsync, async () => {
    if ((await context.eval('(function () { return 1 })()')) !== 1) throw new Error('bench: eval')
  })
  bench.add(TASKS.callback, async () => {
    const arrived = new Promise<void>((resolve) => (wake = resolve))
    context.evalSync('hop()')
    await arrived
  })
  bench.add(TASKS.settle, () => {
    const value = JSON.parse('1') as number
    if (withUsage({ value, logs: [] }, { cpuMs: 0.1, wallMs: 0.2 }).usage.outputBytes !== 3)
      throw new Error('bench: settle')
  })
  // why: as the isolate suite's prepared-context task: a pause (not timed) lets the pool prepare.
  bench.add(TASKS.run, () => expectValue(runtime, { program: PROGRAMS.return1, bindings: [] }, 1), {
    beforeEach: () => pause(8),
  })
  return {
    bench,
    metrics: (stats) => {
      const us = (name: string): number => stat(stats, name).median_us
      const parts = {
        breakdown_strip_us: us(TASKS.strip),
        breakdown_compile_run_us: us(TASKS.evalSync),
        breakdown_thread_hops_us: Math.max(0, us(TASKS.evalAsync) - us(TASKS.evalSync)) + us(TASKS.callback),
        breakdown_settle_json_us: us(TASKS.settle),
      }
      const accounted = Object.values(parts).reduce((sum, value) => sum + value, 0)
      return {
        ...Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, round(value)])),
        breakdown_context_create_us: round(us(TASKS.context)),
        breakdown_run_prepared_us: round(us(TASKS.run)),
        // why: lease, the prelude's start, the done callback's dispatch and promise turns.
        breakdown_other_us: round(us(TASKS.run) - accounted),
      }
    },
    teardown: async () => {
      await fiber.dispose()
      context.release()
      isolate.dispose()
    },
  }
}

export default suite
