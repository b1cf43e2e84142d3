// The supervised runtime (one isolate per child process, bindings over the frame channel) on the
// isolate suite's tasks, against an in-process InProcessIsolateRuntime reference booted in this
// same suite; plus the boot of a pool of 2, from built output and from source, alternated.
import type { CodeRuntime, CodeRunRequest } from '@isocode/code-runtime'
import { InProcessIsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { Context, type Plugin } from 'cordis'
import {
  CALLERS,
  CALLS,
  echoTools,
  expectValue,
  pause,
  PROGRAMS,
  ratio,
  RUNS_PER_CALLER,
  RUNTIME_CONFIG,
} from './lib/runtime-tasks.ts'
import { alternate } from './lib/alternate.ts'
import { expectBuiltChildren, importBuiltIsolateRuntime } from './lib/built.ts'
import { canListChildren } from './lib/children.ts'
import { startSocketPeer } from './lib/socket-peer.ts'
import { cpuMeter } from './lib/cpu.ts'
import { ReplicaContext, replicaIsolate } from './lib/ivm-replica.ts'
import { createBench, type SuiteFactory, stat, type TaskStats } from './lib/suite.ts'

// why: polling is opt-in (rule RT-41); these rows show what it buys in a hot loop and costs after an idle gap.
const POLL_MICROS = 200

const TASKS = {
  return1: `supervised: warm return 1`,
  sequential: `supervised: ${CALLS} sequential echo calls`,
  parallel: `supervised: ${CALLS} echo calls under Promise.all`,
  callers: `supervised: ${CALLERS} callers x ${RUNS_PER_CALLER} runs`,
  refReturn1: `isolate (reference): warm return 1`,
  refSequential: `isolate (reference): ${CALLS} sequential echo calls`,
  bootBuilt: `supervised: boot pool of 2 (built output)`,
  bootSource: `supervised: boot pool of 2 (source, tsx)`,
  socket: `socket round trip between two processes: ${CALLS} in sequence`,
  applyRt: `async apply of a no-op (host → isolate → host): ${CALLS} in sequence`,
  applySync: `sync apply of a no-op (no thread hop): ${CALLS}`,
  sequentialPoll: `supervised, pollMicros ${POLL_MICROS}: ${CALLS} sequential echo calls`,
  idle10: `supervised: 10 sequential echo calls, 8 ms idle before`,
  idle10Poll: `supervised, pollMicros ${POLL_MICROS}: 10 sequential echo calls, 8 ms idle before`,
} as const

const BOOT_SAMPLES = 8
const PAIRED_SAMPLES = 15

/** A CPU meter's hooks for one sequential task, in the shape `alternate` takes. */
function cpuHooks(meter: ReturnType<typeof cpuMeter>): { before(): void; after(): void } {
  const hooks = meter.hooks(CALLS)
  return { before: hooks.beforeEach, after: hooks.afterEach }
}

const RETURN1: CodeRunRequest = { program: PROGRAMS.return1, bindings: [] }
const SEQUENTIAL: CodeRunRequest = { program: PROGRAMS.sequential, bindings: echoTools }
const CALLS10: CodeRunRequest = { program: PROGRAMS.calls10, bindings: echoTools }

interface Booted {
  runtime: CodeRuntime
  bootMs: number
  dispose(): Promise<void>
}

async function boot(plugin: Plugin, config: object = {}): Promise<Booted> {
  const root = new Context()
  const started = performance.now()
  const fiber = await root.plugin(plugin, { ...RUNTIME_CONFIG, ...config })
  const bootMs = performance.now() - started
  const runtime = root.get('codeRuntime')
  if (runtime === undefined) throw new Error(`bench: ${plugin.name} did not provide ctx.codeRuntime`)
  // why: a run rejects until Service.init has finished, so this proves the boot time covers the
  // whole start (every child process ready), not just the plugin registration.
  await expectValue(runtime, RETURN1, 1)
  return { runtime, bootMs, dispose: () => fiber.dispose() }
}

/**
 * A boot task: each sample starts a pool of 2 and checks it runs (timed); untimed before the next
 * sample, `check` looks at the processes and the pool is disposed, so samples never overlap.
 */
function bootTask(name: string, plugin: Plugin, check: () => void = () => {}) {
  let live: Booted | undefined
  const release = async (): Promise<void> => {
    if (live === undefined) return
    check()
    await live.dispose()
    live = undefined
  }
  return {
    release,
    task: {
      name,
      before: release,
      fn: async () => {
        live = await boot(plugin)
      },
    },
  }
}

/** Both thread hops of one call, µs: an awaited async apply of a no-op minus a synchronous one. */
function threadHopsUs(stats: ReadonlyMap<string, TaskStats>): number {
  return (stat(stats, TASKS.applyRt).median_us - stat(stats, TASKS.applySync).median_us) / CALLS
}

/**
 * One sequential call of `sequential` (less its `return1` run, over CALLS) against the goal's
 * floor: one socket round trip plus both thread hops, all timed in turn, sample by sample.
 */
function callVsFloor(stats: ReadonlyMap<string, TaskStats>, sequential: string, return1: string): number {
  const callUs = (stat(stats, sequential).median_us - stat(stats, return1).median_us) / CALLS
  return Number((callUs / (stat(stats, TASKS.socket).median_us / CALLS + threadHopsUs(stats))).toFixed(2))
}

const suite: SuiteFactory = async () => {
  // why: built before any runtime is up, so the compiler's CPU never overlaps a measurement.
  const built = await importBuiltIsolateRuntime()
  const supervised = await boot(SupervisedIsolateRuntime)
  // why: a failed reference boot must not leave the child processes running.
  const reference = await boot(InProcessIsolateRuntime).catch(async (error: unknown) => {
    await supervised.dispose()
    throw error
  })
  // why: the same runtime with polling on (rule RT-41), to show what polling buys and burns.
  const polling = await boot(SupervisedIsolateRuntime, { pollMicros: POLL_MICROS }).catch(async (error: unknown) => {
    await Promise.all([supervised.dispose(), reference.dispose()])
    throw error
  })
  const peer = await startSocketPeer()
  // why: both thread hops of a binding call (host → isolate thread → host), on a warm context of
  // an isolate of their own: the goal's floor is a socket round trip plus these two hops.
  const hopRig = replicaIsolate()
  const hops = await ReplicaContext.create(hopRig.ivm, hopRig.isolate, 'direct')
  const { runtime } = supervised
  const cpu = { polling: cpuMeter(), sleeping: cpuMeter() }
  // why: the isolate suite's sampling, so medians are comparable across the two tables.
  const bench = createBench({ iterations: 10, warmupIterations: 3 })
  // why: warm means back to back, which only tinybench's loop gives; in turn with the long tasks below,
  // a return 1 would find its child idle for a third of a second.
  bench.add(TASKS.return1, () => expectValue(runtime, RETURN1, 1))
  bench.add(TASKS.refReturn1, () => expectValue(reference.runtime, RETURN1, 1))
  bench.add(TASKS.parallel, () => expectValue(runtime, { program: PROGRAMS.parallel, bindings: echoTools }, CALLS))
  const caller = async (): Promise<void> => {
    for (let i = 0; i < RUNS_PER_CALLER; i++) await expectValue(runtime, RETURN1, 1)
  }
  bench.add(TASKS.callers, async () => {
    await Promise.all(Array.from({ length: CALLERS }, caller))
  })
  return {
    bench,
    metrics: (stats) => ({
      supervised_boot_ms: Number(supervised.bootMs.toFixed(1)),
      supervised_boot_pool2_built_ms: Number((stat(stats, TASKS.bootBuilt).median_us / 1000).toFixed(1)),
      supervised_us_per_sequential_call: Number(
        ((stat(stats, TASKS.sequential).median_us - stat(stats, TASKS.return1).median_us) / CALLS).toFixed(2),
      ),
      supervised_us_per_promise_all_call: Number(
        ((stat(stats, TASKS.parallel).median_us - stat(stats, TASKS.return1).median_us) / CALLS).toFixed(2),
      ),
      socket_round_trip_us: Number((stat(stats, TASKS.socket).median_us / CALLS).toFixed(2)),
      thread_hops_rt_us: Number(threadHopsUs(stats).toFixed(2)),
      // why: CPU of both processes per sequential call, without and with polling (µs; children at 10 ms resolution).
      supervised_parent_cpu_us_per_sequential_call: Number(cpu.sleeping.perUnit().self.toFixed(1)),
      supervised_child_cpu_us_per_sequential_call: Number(cpu.sleeping.perUnit().children.toFixed(1)),
      supervised_poll_parent_cpu_us_per_sequential_call: Number(cpu.polling.perUnit().self.toFixed(1)),
      supervised_poll_child_cpu_us_per_sequential_call: Number(cpu.polling.perUnit().children.toFixed(1)),
      supervised_poll_us_per_sequential_call: Number(
        ((stat(stats, TASKS.sequentialPoll).median_us - stat(stats, TASKS.return1).median_us) / CALLS).toFixed(2),
      ),
      reference_us_per_sequential_call: Number(
        ((stat(stats, TASKS.refSequential).median_us - stat(stats, TASKS.refReturn1).median_us) / CALLS).toFixed(2),
      ),
    }),
    async sampled() {
      // why: the ratios of this suite divide two of these long tasks; timed in turn, sample by
      // sample, both sides of a ratio see the same moment of the machine (a drift of ±20 % between
      // tasks timed seconds apart moved these ratios by more than any change of the code did).
      const paired = await alternate(
        [
          { name: TASKS.sequential, fn: () => expectValue(runtime, SEQUENTIAL, CALLS - 1), ...cpuHooks(cpu.sleeping) },
          {
            name: TASKS.sequentialPoll,
            fn: () => expectValue(polling.runtime, SEQUENTIAL, CALLS - 1),
            ...cpuHooks(cpu.polling),
          },
          { name: TASKS.refSequential, fn: () => expectValue(reference.runtime, SEQUENTIAL, CALLS - 1) },
          { name: TASKS.socket, fn: () => peer.roundTrips(CALLS) },
          { name: TASKS.applyRt, fn: () => hops.applyNoop(CALLS) },
          { name: TASKS.applySync, fn: async () => hops.applySync(CALLS, 'noop') },
          // why: the latency an agent sees (runs seconds apart); the pause before each sample is not timed.
          { name: TASKS.idle10, fn: () => expectValue(runtime, CALLS10, 9), before: () => pause(8) },
          { name: TASKS.idle10Poll, fn: () => expectValue(polling.runtime, CALLS10, 9), before: () => pause(8) },
        ],
        { samples: PAIRED_SAMPLES, warmup: 3 },
      )
      // why: boot() also awaits one checked run; that run is part of "the pool serves", and it is
      // the same in both tasks.
      const tasks = [
        bootTask(
          TASKS.bootBuilt,
          built.SupervisedIsolateRuntime,
          canListChildren() ? () => expectBuiltChildren(RUNTIME_CONFIG.poolSize) : undefined,
        ),
        bootTask(TASKS.bootSource, SupervisedIsolateRuntime),
      ]
      try {
        return [
          ...paired,
          ...(await alternate(
            tasks.map((each) => each.task),
            { samples: BOOT_SAMPLES, warmup: 1 },
          )),
        ]
      } finally {
        for (const each of tasks) await each.release()
      }
    },
    ratios: (stats) => ({
      supervised_vs_isolate_return1: ratio(stats, TASKS.return1, TASKS.refReturn1, 2),
      supervised_vs_isolate_seq_calls: ratio(stats, TASKS.sequential, TASKS.refSequential, 2),
      supervised_poll_vs_no_poll_seq_calls: ratio(stats, TASKS.sequentialPoll, TASKS.sequential, 2),
      supervised_poll_vs_no_poll_calls10_idle: ratio(stats, TASKS.idle10Poll, TASKS.idle10, 2),
      // why: a sequential call crosses the process boundary once each way, so its floor on any
      // machine is one socket round trip; the goal (60 µs where that was 39 µs) is 1.54.
      supervised_seq_call_vs_socket_rtt: Number(
        (
          (stat(stats, TASKS.sequential).median_us - stat(stats, TASKS.return1).median_us) /
          stat(stats, TASKS.socket).median_us
        ).toFixed(2),
      ),
      // why: the goal (≤ 1.2) measures a call against one socket round trip plus both thread hops;
      // the sequential task, the socket and the hops are timed in turn, sample by sample (return 1,
      // ~2 % of the sequential task, is tinybench's back-to-back loop, as in every ratio here).
      supervised_seq_call_vs_socket_rtt_and_hops: callVsFloor(stats, TASKS.sequential, TASKS.return1),
      // why: the same floor under the in-process reference, which crosses no process boundary:
      // above 1.2, the per-call cost both runtimes share exceeds the goal's margin by itself.
      isolate_seq_call_vs_socket_rtt_and_hops: callVsFloor(stats, TASKS.refSequential, TASKS.refReturn1),
      // why: the same goal with RT-41 polling on: on this VM it depends on whether the other core
      // is idle (waking a halted vCPU is what polling saves) or busy (polling then competes for it).
      supervised_poll_seq_call_vs_socket_rtt_and_hops: callVsFloor(stats, TASKS.sequentialPoll, TASKS.return1),
      supervised_poll_seq_call_vs_socket_rtt: Number(
        (
          (stat(stats, TASKS.sequentialPoll).median_us - stat(stats, TASKS.return1).median_us) /
          stat(stats, TASKS.socket).median_us
        ).toFixed(2),
      ),
    }),
    teardown: async () => {
      peer.close()
      hops.release()
      hopRig.isolate.dispose()
      await supervised.dispose()
      await polling.dispose()
      await reference.dispose()
    },
  }
}

export default suite
