// Where one sub-call's time goes in a short program, measured piece by piece.
//
// Method. Every number is a median of samples alternated task by task (lib/alternate.ts), so
// machine load hits each piece alike; each piece is timed on its own, then per-call values are
// derived by subtraction (all in µs per call, written to latest.json as `breakdown_*_us`):
// - in situ: run_code (full registry) and raw `codeRuntime.run` (plain binding) of `return 1`,
//   10 and 1,000 sequential echo calls; per call = (N-call program - `return 1`) / N.
//   `run_code_per_call_10` is the cost to bring down, `raw_run_per_call_1000` the hot-loop target,
//   `registry_bridge` = run_code - raw per call (10 calls) is what the registry side adds in situ.
//   `first_call` = 1-call program - `return 1`, `next_calls` = (10 calls - 1 call) / 9: whether
//   the short-program cost is paid once per run (at the first call) or on every call.
//   The `idle` variants wait 8 ms (untimed) before each sample so the pool's next context is
//   prepared; `pool_contention` = back-to-back - idle per call shows what that preparation costs.
// - session event: building one `tool/code-dispatch` event and appending it through
//   `ctx.get('session')` to an in-memory SessionSink, awaited as the bridge does, host only;
//   `session_event_no_sink`: the same lookup and await where no sink is loaded (the table's case).
// - registry pipeline: `ctx.tools.execute` of `echo` alone, host only, 10 calls in sequence.
// - registry + bridge alone: run_code on a host-only stand-in runtime (lib/host-loop-runtime.ts)
//   that makes the program's calls from the host through the bindings run_code gave it:
//   (10 calls - `return 1`) / 10, the registry's whole per-call path without any isolate.
// - JSON both ways: host side (parse the arguments, the bridge's and the binding's lossless
//   checks, stringify the result) and guest side (stringify the arguments, parse the result,
//   warm, in one sync apply), per call.
// - hops, on a replica of the bridge on raw isolated-vm (lib/ivm-replica.ts, same build): a fresh
//   context per sample, guest → host through an ignored Callback, host → guest through a
//   resolver Reference with copied arguments, JSON on the wire, nothing else.
//   `replica_per_call_10` / `_1000`: (N calls - 0 calls) / N with the reply sent inside the
//   callback; `set_immediate_flush` = the same with the reply deferred by setImmediate (as the
//   runtime's flush does) - direct, per call (10 calls); `apply_timeout_option` = with the apply's
//   `timeout` (as the runtime's resolve) - without; `completion_message` = `apply` - `applyIgnored`
//   (the completion the host is sent back for every resolve it tracks).
//   `apply_rt`: one awaited async apply of a no-op (host → isolate → host: both thread hops);
//   `apply_sync`: the same no-op applied synchronously (no thread hop: the isolate runs on the
//   host thread); `thread_hops_rt` = apply_rt - apply_sync, the two hops of one call together
//   (one-way times need a clock both threads share, which the guest does not have).
//   `guest_resume`: resolving a parked promise so an awaiting async function resumes, minus a
//   no-op, both synchronous (what settling a call costs inside the guest).
// - `runtime_rest_10` = raw_run_per_call_10 - replica_per_call_10 - set_immediate_flush: what
//   the runtime adds over the bare hop, per call of a 10-call program: its per-call work (queue,
//   pump, lossless checks, prelude encode) plus the per-run cost met at the first call and the
//   pool's background preparation, amortised over the 10 calls (split by `first_call`/`next_calls`).
// - `host_thread_*`: the same run_code and raw runs with `resumeOnHostThread` (RT-40), where the
//   code after each await runs on the host's thread: per call = (N calls - `return 1`) / N.
import { toLosslessJson } from '@isocode/code-runtime'
import type { CodeBindingNamespace } from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import { Context } from 'cordis'
import { alternate, type AlternatedTask } from './lib/alternate.ts'
import { HostLoopRuntime } from './lib/host-loop-runtime.ts'
import { bootIsocode, MemorySession, sequentialEcho } from './lib/isocode-tools.ts'
import { ReplicaContext, replicaIsolate, type ReplyMode } from './lib/ivm-replica.ts'
import { pause } from './lib/runtime-tasks.ts'
import { createBench, type SuiteFactory, stat, type TaskStats } from './lib/suite.ts'

const rawEcho: CodeBindingNamespace[] = [
  { global: 'tools', functions: { echo: (args) => Promise.resolve(String((args as { i: number }).i)) } },
]
const sum = (n: number): number => (n * (n - 1)) / 2
const MICRO_OPS = 100

/** The host's JSON work of MICRO_OPS calls: parse the arguments, both lossless checks, stringify the result. */
const hostJson = async (): Promise<void> => {
  for (let i = 0; i < MICRO_OPS; i++) {
    const args = JSON.parse(`{"i":${i}}`) as unknown
    const checked = toLosslessJson(args)
    const value = toLosslessJson(String(i))
    if (!checked.ok || !value.ok || JSON.stringify(value.value).length < 3)
      throw new Error('bench: host JSON refused a plain value')
  }
}

const T = {
  runCode1: 'run_code: return 1',
  runCode10: 'run_code: 10 sequential echo calls',
  session: `session event: ${MICRO_OPS} appends`,
  sessionAbsent: `session event, no sink loaded: ${MICRO_OPS} lookups`,
  host1: 'run_code on a host-only runtime: return 1',
  host10: 'run_code on a host-only runtime: 10 sequential echo calls',
  raw1: 'raw codeRuntime.run: return 1',
  raw10: 'raw codeRuntime.run: 10 sequential echo calls',
  raw1Idle: 'raw codeRuntime.run: return 1 (8 ms idle before)',
  raw10Idle: 'raw codeRuntime.run: 10 sequential echo calls (8 ms idle before)',
  raw1CallIdle: 'raw codeRuntime.run: 1 echo call (8 ms idle before)',
  raw1Call: 'raw codeRuntime.run: 1 echo call',
  raw1000: 'raw codeRuntime.run: 1000 sequential echo calls',
  here1: 'raw codeRuntime.run, resumeOnHostThread: return 1',
  here10: 'raw codeRuntime.run, resumeOnHostThread: 10 sequential echo calls',
  here1000: 'raw codeRuntime.run, resumeOnHostThread: 1000 sequential echo calls',
  runCodeHere1: 'run_code, resumeOnHostThread: return 1',
  runCodeHere10: 'run_code, resumeOnHostThread: 10 sequential echo calls',
  execute: 'registry execute alone: 10 echo calls',
  jsonHost: `host JSON of ${MICRO_OPS} calls`,
  jsonGuest: `guest JSON of ${MICRO_OPS} calls (sync apply)`,
  applyRt: 'async apply of a no-op: 10 in sequence',
  applySync: 'sync apply of a no-op: 10',
  parkNoop: 'sync apply park + no-op: 10',
  parkWake: 'sync apply park + wake: 10',
  replica: (mode: ReplyMode, n: number) => `replica (${mode} reply): ${n} sequential calls`,
} as const

const suite: SuiteFactory = async () => {
  const plain = await bootIsocode()
  // why: the same engine with the program's code after each await run on the host's thread (RT-40).
  const here = await bootIsocode(undefined, { resumeOnHostThread: true })
  const hostOnly = await bootIsocode(HostLoopRuntime)
  const sessionRoot = new Context()
  await sessionRoot.plugin(MemorySession)
  const memory = sessionRoot.get('session') as MemorySession
  const bareRoot = new Context()
  // why: the table's configuration has no session: the bridge still looks the service up per call.
  const sessionLookups = async (): Promise<void> => {
    let found = 0
    for (let i = 0; i < MICRO_OPS; i++) {
      const event: SessionEvent = {
        type: 'tool/code-dispatch',
        callId: `bench:code:${i}`,
        parentCallId: 'bench',
        name: 'echo',
        arguments: { i },
        isError: false,
        content: String(i),
      }
      const sink = bareRoot.get('session')
      if (sink !== undefined) found++
      await sink?.append(undefined, event)
    }
    if (found !== 0) throw new Error('bench: a bare context has a session')
  }
  const { ivm } = replicaIsolate()
  let { isolate } = replicaIsolate()
  let replica: ReplicaContext | undefined
  let contexts = 0
  const fresh = async (mode: ReplyMode): Promise<void> => {
    replica?.release()
    replica = undefined
    // why: released contexts still grow the isolate's heap (~140 KB each here); a new isolate every
    // 100 contexts keeps the replica off its memory limit, as the runtime's maxRunsPerIsolate does.
    if (++contexts % 100 === 0) {
      isolate.dispose()
      isolate = replicaIsolate().isolate
    }
    replica = await ReplicaContext.create(ivm, isolate, mode)
  }
  // why: the host-only pieces get one warm context on an isolate of their own, untouched by the
  // fresh-context groups and their isolate recycling.
  const microIsolate = replicaIsolate().isolate
  const micro = await ReplicaContext.create(ivm, microIsolate, 'direct')
  const live = (): ReplicaContext => micro
  const raw = async (program: string, expected: number, engine = plain): Promise<void> => {
    const result = await engine.runtime.run({ program, bindings: rawEcho })
    if (result.error !== undefined || result.value !== expected)
      throw new Error(`bench: raw run gave ${JSON.stringify(result)}`)
  }
  const replicaTask = (mode: ReplyMode, n: number): AlternatedTask => ({
    name: T.replica(mode, n),
    before: () => fresh(mode),
    fn: async () => {
      if (replica === undefined) throw new Error('bench: no fresh replica context')
      if ((await replica.calls(n)) !== sum(n)) throw new Error(`bench: replica ${mode} ${n} gave a wrong sum`)
    },
  })
  const execute = async (): Promise<void> => {
    for (let i = 0; i < 10; i++) {
      const result = await plain.tools.execute({ callId: `alone-${i}`, name: 'echo', arguments: { i } })
      if (result.isError) throw new Error(`bench: echo failed: ${JSON.stringify(result)}`)
    }
  }
  const sessionEvents = async (): Promise<void> => {
    const before = memory.events.length
    for (let i = 0; i < MICRO_OPS; i++) {
      // why: the shape and the awaited, guarded append of the bridge's dispatch event.
      const event: SessionEvent = {
        type: 'tool/code-dispatch',
        callId: `bench:code:${i}`,
        parentCallId: 'bench',
        name: 'echo',
        arguments: { i },
        isError: false,
        content: String(i),
      }
      try {
        await sessionRoot.get('session')?.append(undefined, event)
      } catch {
        throw new Error('bench: the memory session refused an event')
      }
    }
    if (memory.events.length - before !== MICRO_OPS) throw new Error('bench: session events were not appended')
    memory.events.length = 0
  }

  const groups: Array<{ tasks: AlternatedTask[]; samples: number }> = [
    {
      samples: 150,
      tasks: [
        { name: T.runCode1, fn: () => plain.runCode('return 1', 1) },
        { name: T.runCode10, fn: () => plain.runCode(sequentialEcho(10), sum(10)) },
        { name: T.raw1, fn: () => raw('return 1', 1) },
        { name: T.raw10, fn: () => raw(sequentialEcho(10), sum(10)) },
        { name: T.raw1Idle, before: () => pause(8), fn: () => raw('return 1', 1) },
        { name: T.raw10Idle, before: () => pause(8), fn: () => raw(sequentialEcho(10), sum(10)) },
        { name: T.raw1Call, fn: () => raw(sequentialEcho(1), 0) },
        { name: T.raw1CallIdle, before: () => pause(8), fn: () => raw(sequentialEcho(1), 0) },
      ],
    },
    { samples: 20, tasks: [{ name: T.raw1000, fn: () => raw(sequentialEcho(1000), sum(1000)) }] },
    {
      samples: 150,
      tasks: [
        { name: T.here1, fn: () => raw('return 1', 1, here) },
        { name: T.here10, fn: () => raw(sequentialEcho(10), sum(10), here) },
        { name: T.runCodeHere1, fn: () => here.runCode('return 1', 1) },
        { name: T.runCodeHere10, fn: () => here.runCode(sequentialEcho(10), sum(10)) },
      ],
    },
    { samples: 20, tasks: [{ name: T.here1000, fn: () => raw(sequentialEcho(1000), sum(1000), here) }] },
    {
      samples: 200,
      tasks: [
        replicaTask('direct', 0),
        replicaTask('direct', 10),
        replicaTask('immediate', 10),
        replicaTask('immediate+timeout', 10),
        replicaTask('immediate+ignored', 10),
      ],
    },
    { samples: 20, tasks: [replicaTask('direct', 1000)] },
    {
      samples: 200,
      tasks: [
        { name: T.execute, fn: execute },
        { name: T.host1, fn: () => hostOnly.runCode('return 1', 1) },
        { name: T.host10, fn: () => hostOnly.runCode(sequentialEcho(10), sum(10)) },
        { name: T.jsonHost, fn: hostJson },
        { name: T.session, fn: sessionEvents },
        { name: T.sessionAbsent, fn: sessionLookups },
        { name: T.applyRt, fn: () => live().applyNoop(10) },
        { name: T.applySync, fn: async () => live().applySync(10, 'noop') },
        { name: T.parkNoop, fn: async () => live().applySync(10, 'park-noop') },
        {
          name: T.parkWake,
          fn: async () => {
            const before = live().resumed()
            live().applySync(10, 'park-wake')
            if (live().resumed() - before !== 10)
              throw new Error('bench: parked guest functions did not resume within the sync applies')
          },
        },
        {
          name: T.jsonGuest,
          fn: async () => {
            if (live().json(MICRO_OPS) <= 0) throw new Error('bench: guest JSON did no work')
          },
        },
      ],
    },
  ]

  return {
    bench: createBench(),
    async sampled() {
      const stats: TaskStats[] = []
      for (const group of groups) stats.push(...(await alternate(group.tasks, { samples: group.samples, warmup: 10 })))
      return stats
    },
    metrics: (s) => breakdown(s),
    teardown: async () => {
      replica?.release()
      micro.release()
      for (const each of [isolate, microIsolate]) if (!each.isDisposed) each.dispose()
      await plain.dispose()
      await here.dispose()
      await hostOnly.dispose()
    },
  }
}

/** The per-call pieces, in µs, derived from this run's medians (see the comment at the top). */
function breakdown(s: ReadonlyMap<string, TaskStats>): Record<string, number> {
  const m = (name: string): number => stat(s, name).median_us
  const per = (task: string, base: string, n: number): number => (m(task) - m(base)) / n
  const runCode10 = per(T.runCode10, T.runCode1, 10)
  const raw10 = per(T.raw10, T.raw1, 10)
  const replica10 = per(T.replica('direct', 10), T.replica('direct', 0), 10)
  const flush = (m(T.replica('immediate', 10)) - m(T.replica('direct', 10))) / 10
  const applyRt = m(T.applyRt) / 10
  const applySync = m(T.applySync) / 10
  const pieces = {
    run_code_per_call_10: runCode10,
    raw_run_per_call_10: raw10,
    raw_run_per_call_10_idle: per(T.raw10Idle, T.raw1Idle, 10),
    raw_run_per_call_1000: per(T.raw1000, T.raw1, 1000),
    raw_run_first_call: per(T.raw1Call, T.raw1, 1),
    raw_run_next_calls: per(T.raw10, T.raw1Call, 9),
    raw_run_first_call_idle: per(T.raw1CallIdle, T.raw1Idle, 1),
    raw_run_next_calls_idle: per(T.raw10Idle, T.raw1CallIdle, 9),
    pool_contention: raw10 - per(T.raw10Idle, T.raw1Idle, 10),
    registry_bridge: runCode10 - raw10,
    registry_bridge_alone: per(T.host10, T.host1, 10),
    session_event: m(T.session) / MICRO_OPS,
    session_event_no_sink: m(T.sessionAbsent) / MICRO_OPS,
    registry_execute: m(T.execute) / 10,
    json_host: m(T.jsonHost) / MICRO_OPS,
    json_guest: m(T.jsonGuest) / MICRO_OPS,
    replica_per_call_10: replica10,
    replica_per_call_1000: per(T.replica('direct', 1000), T.replica('direct', 0), 1000),
    set_immediate_flush: flush,
    apply_timeout_option: (m(T.replica('immediate+timeout', 10)) - m(T.replica('immediate', 10))) / 10,
    completion_message: (m(T.replica('immediate', 10)) - m(T.replica('immediate+ignored', 10))) / 10,
    apply_rt: applyRt,
    apply_sync: applySync,
    thread_hops_rt: applyRt - applySync,
    guest_resume: (m(T.parkWake) - m(T.parkNoop)) / 10,
    runtime_rest_10: raw10 - replica10 - flush,
    host_thread_run_code_per_call_10: per(T.runCodeHere10, T.runCodeHere1, 10),
    host_thread_raw_per_call_10: per(T.here10, T.here1, 10),
    host_thread_raw_per_call_1000: per(T.here1000, T.here1, 1000),
  }
  return Object.fromEntries(
    Object.entries(pieces).map(([key, value]) => [`breakdown_${key}_us`, Number(value.toFixed(2))]),
  )
}

export default suite
