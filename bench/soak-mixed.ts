// `pnpm soak [runs] [--supervised]` (started by soak.ts): a long mixed workload against one InProcessIsolateRuntime (ok, throw,
// timeout, memory, abort, and 20 sub-calls through run_code) with two concurrent callers. Prints
// RSS at the start and every 1,000 runs, isolates created/disposed and outcomes by scenario.
// `--supervised` runs the same workload on SupervisedIsolateRuntime, with a memory bomb that
// aborts V8, and reports child processes (RSS, started/lost) instead of isolates. Not a CI test:
// run it by hand (default 10,000 runs) and read the verdict at the end.
import { canListChildren, childPids, classifyChildren, describePids, sumRss, waitUntil } from './lib/children.ts'
import { growthWindows, type Sample } from './lib/growth.ts'

const argv = process.argv.slice(2)
const SUPERVISED = argv.includes('--supervised')
const badOptions = argv.filter((arg) => arg.startsWith('--') && arg !== '--supervised')
if (badOptions.length > 0)
  throw new Error(`soak: unknown option ${badOptions.join(' ')}; usage: pnpm soak [runs] [--supervised]`)
const positional = argv.filter((arg) => !arg.startsWith('--'))
const RUNS = Number(positional[0] ?? 10_000)
if (!Number.isInteger(RUNS) || RUNS < 1 || positional.length > 1)
  throw new Error(`soak: the run count must be a positive integer (got ${positional.join(' ')})`)
if (SUPERVISED && !canListChildren())
  throw new Error('soak: --supervised reads child processes from /proc/<pid>/task/*/children (Linux); run it on Linux')
const CALLERS = 2
const REPORT_EVERY = 1_000
// why: measured (2026-12, 10,000 and 30,000 runs): a child serving most runs climbs for its first
// ~2,000 runs (96 → 112 MB) and then stays flat; the in-process host swings ±20 MB with no trend
// over 30,000 runs. So growth compares the mean of the three samples after a 2,000-run warm-up
// with the mean of the last three: one sample alone measures where a GC cycle happened to be.
const WARM_UP_RUNS = 2_000
const WINDOW = 3

const { InProcessIsolateRuntime, SupervisedIsolateRuntime } = await import('@isocode/isolate-runtime')
const { SystemPrompt } = await import('@isocode/harness')
const { ToolRegistry } = await import('@isocode/registry')
const { Context } = await import('cordis')
type CodeRunResult = import('@isocode/code-runtime').CodeRunResult
type CodeRuntime = import('@isocode/code-runtime').CodeRuntime
type CodeBindingNamespace = import('@isocode/code-runtime').CodeBindingNamespace
type Supervised = InstanceType<typeof SupervisedIsolateRuntime>

let unhandled = 0
process.on('unhandledRejection', () => void unhandled++)

const Runtime = SUPERVISED ? SupervisedIsolateRuntime : InProcessIsolateRuntime
const root = new Context()
const fibers = [await root.plugin(SystemPrompt), await root.plugin(ToolRegistry, { mode: 'code' })]
// why: the wall budget only bounds legitimate runs here (timeouts are CPU kills, aborts fire at
// 5 ms); a tight one turns a loaded machine's scheduling delays into false failures.
const MAIN_CONFIG = { poolSize: 2, memoryMb: 16, cpuMs: 100, wallMs: 2_000 }
const runtimeFiber = await root.plugin(Runtime, MAIN_CONFIG)
const runtime = root.get('codeRuntime') as CodeRuntime
// why: reaching the heap limit takes GC thrash well past a 100 ms CPU budget, so memory runs get
// a runtime of their own with a longer budget (in-process mode: both counted through stats()).
const memoryRoot = new Context()
const MEMORY_CONFIG = { poolSize: 1, memoryMb: 16, cpuMs: 5_000, wallMs: 10_000 }
const memoryFiber = await memoryRoot.plugin(Runtime, MEMORY_CONFIG)
const memoryRuntime = memoryRoot.get('codeRuntime') as CodeRuntime
const CHILDREN = MAIN_CONFIG.poolSize + MEMORY_CONFIG.poolSize
// why: only called in supervised mode, where both runtimes are SupervisedIsolateRuntime.
const processStats = () => ({ main: (runtime as Supervised).stats(), memory: (memoryRuntime as Supervised).stats() })
// why: only called in-process; the runtimes count the isolates they create and dispose.
const census = (): { created: number; disposed: number } => {
  const counts = [runtime, memoryRuntime].map((r) => (r as InstanceType<typeof InProcessIsolateRuntime>).stats())
  return {
    created: counts.reduce((n, c) => n + c.isolatesCreated, 0),
    disposed: counts.reduce((n, c) => n + c.isolatesDisposed, 0),
  }
}
const tools = root.get('tools') as InstanceType<typeof ToolRegistry>
tools.register({
  name: 'echo',
  description: 'Echo i as text.',
  parameters: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
  execute: async (args) => [{ type: 'text', text: String(args.i) }],
})
const bindings: CodeBindingNamespace[] = [
  {
    global: 'tools',
    functions: Object.assign(Object.create(null) as Record<string, never>, {
      echo: (args: unknown) => Promise.resolve(args as never),
      never: () => new Promise<never>(() => {}),
    }),
  },
]

interface Scenario {
  name: string
  /** Out of 100 runs. */
  weight: number
  expect: string
  run(i: number): Promise<string>
}

const kindOf = (result: CodeRunResult): string => result.error?.kind ?? 'ok'
const direct = async (program: string, signal?: AbortSignal): Promise<string> =>
  kindOf(await runtime.run(signal === undefined ? { program, bindings } : { program, bindings, signal }))
// why: in-process, an array bomb, not a Map/dictionary bomb: those abort the whole process
// (isolated-vm #457/#527). Supervised mode wants exactly that abort: it must cost one child only.
const MEMORY_BOMB = SUPERVISED
  ? "const keep = new Map<number, object>()\nfor (let i = 0; ; i++) keep.set(i, { i, s: 'x' + i })"
  : 'const keep: number[][] = []\nfor (;;) keep.push(new Array(100_000).fill(1))'

const SCENARIOS: Scenario[] = [
  {
    name: 'ok',
    weight: 40,
    expect: 'ok',
    run: (i) => direct(`const r = await tools.echo({ i: ${i} })\nconsole.log('run', r.i)\nreturn r`),
  },
  {
    name: 'throw',
    weight: 15,
    expect: 'exception',
    run: () => direct("await tools.echo({})\nthrow new Error('soak')"),
  },
  { name: 'timeout', weight: 8, expect: 'timeout', run: () => direct('while (true) {}') },
  {
    name: 'memory',
    weight: 2,
    expect: 'memory',
    run: async () => kindOf(await memoryRuntime.run({ program: MEMORY_BOMB, bindings })),
  },
  {
    name: 'abort',
    weight: 10,
    expect: 'abort',
    run: () => {
      const controller = new AbortController()
      setTimeout(() => controller.abort(new Error('soak abort')), 5)
      return direct('await tools.never({})', controller.signal)
    },
  },
  {
    name: 'run_code 20 sub-calls',
    weight: 25,
    expect: 'ok',
    async run(i) {
      const code = 'let n = 0\nfor (let i = 0; i < 20; i++) n += Number(await tools.echo({ i }))\nreturn n'
      const result = await tools.execute({
        callId: `soak-${i}`,
        name: 'run_code',
        arguments: { code, description: 'soak' },
      })
      const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
      return !result.isError && text === '190' ? 'ok' : `bad: ${text.slice(0, 80)}`
    },
  },
]
const DECK = SCENARIOS.flatMap((scenario) => Array.from({ length: scenario.weight }, () => scenario))

const outcomes = new Map<string, Map<string, number>>()
let failures = 0
let done = 0
let next = 0
let inFlight = 0
let pause: Promise<void> | undefined
const rss = (): number => Math.round(process.memoryUsage().rss / 1024 / 1024)
// why: with `--expose-gc` (pnpm soak passes it) a sample measures what the host retains, not how
// much garbage the JS heap held at that moment (its sawtooth alone spans ~35 MB here).
const retainedRss = (): number => ((globalThis as { gc?: () => void }).gc?.(), rss())
const samples: Sample[] = [
  SUPERVISED
    ? { runs: 0, rssMb: retainedRss(), children: sumRss(classifyChildren().node), quiet: true }
    : { runs: 0, rssMb: retainedRss() },
]
const started = performance.now()
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(0)
const childrenText = (sample: Sample): string =>
  `children ${sample.children?.count} ${sample.children?.rssMb} MB (${sample.children?.eachMb.join(' + ')})`
const processes = (): string => {
  const { main, memory } = processStats()
  return `processes started/lost main ${main.processesStarted}/${main.processesLost} memory ${memory.processesStarted}/${memory.processesLost}`
}
if (SUPERVISED) {
  const first = samples[0] as Sample
  console.log(
    `soak --supervised: ${RUNS} runs, ${CALLERS} callers, RSS at start host ${first.rssMb} MB, ${childrenText(first)}`,
  )
  console.log(`  ${processes()}; other children, not counted: ${describePids(classifyChildren().other) || 'none'}`)
} else {
  console.log(`soak: ${RUNS} runs, ${CALLERS} callers, RSS at start ${samples[0]?.rssMb} MB`)
}

// why: a supervised sample waits for a quiet point (no run in flight, every child booted), so
// each sample sees the same processes in the same state: one taken mid-bomb, or while the
// replacement boots, is off by most of a child's RSS and the growth check would measure luck.
// A `return 1` on the memory runtime waits for its replacement child to be ready (it is no
// scenario run, but it shows in that runtime's `runs`).
async function sampleSupervised(): Promise<void> {
  let release!: () => void
  pause = new Promise((resolve) => (release = resolve))
  const drained = await waitUntil(() => inFlight === 0, 10_000)
  const probe = await memoryRuntime.run({ program: 'return 1', bindings: [] })
  const quiet =
    drained && probe.error === undefined && (await waitUntil(() => classifyChildren().node.length === CHILDREN, 2_000))
  const sample = { runs: done, rssMb: retainedRss(), children: sumRss(classifyChildren().node), quiet }
  samples.push(sample)
  pause = undefined
  release()
  const note = quiet ? '' : ' (not quiet)'
  console.log(
    `  ${String(sample.runs).padStart(6)} runs  RSS host ${sample.rssMb} MB  ${childrenText(sample)}${note}  ${processes()}  unexpected ${failures}  ${seconds()} s`,
  )
}

async function caller(): Promise<void> {
  for (;;) {
    if (pause !== undefined) await pause
    const i = next++
    if (i >= RUNS) return
    const scenario = DECK[(i * 37) % DECK.length] as Scenario
    let kind: string
    inFlight++
    try {
      kind = await scenario.run(i)
    } catch (error) {
      kind = `rejected: ${String(error)}`
    }
    inFlight--
    const byKind = outcomes.get(scenario.name) ?? new Map<string, number>()
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1)
    outcomes.set(scenario.name, byKind)
    if (kind !== scenario.expect) failures++
    done++
    if (done % REPORT_EVERY !== 0) continue
    if (SUPERVISED) {
      await sampleSupervised()
    } else {
      const { created, disposed } = census()
      const rssMb = retainedRss()
      samples.push({ runs: done, rssMb })
      console.log(
        `  ${String(done).padStart(6)} runs  RSS ${rssMb} MB  JS heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB  isolates created ${created} disposed ${disposed}  unexpected ${failures}  ${seconds()} s`,
      )
    }
  }
}

await Promise.all(Array.from({ length: CALLERS }, caller))
const finalStats = SUPERVISED ? processStats() : undefined
await runtimeFiber.dispose()
await memoryFiber.dispose()
for (const fiber of fibers.toReversed()) await fiber.dispose()
// why: dispose resolves once every child has closed; the grace covers a slow reap all the same.
const runtimeLeft = (): number[] => {
  const { node, unknown } = classifyChildren()
  return [...node, ...unknown]
}
const childrenGone = SUPERVISED ? await waitUntil(() => runtimeLeft().length === 0, 2_000) : true

console.log('\noutcomes by scenario (kind: count):')
for (const scenario of SCENARIOS) {
  const counts = [...(outcomes.get(scenario.name) ?? new Map<string, number>())]
    .map(([kind, n]) => `${kind}: ${n}`)
    .join(', ')
  console.log(`  ${scenario.name.padEnd(22)} expected ${scenario.expect.padEnd(9)} ${counts}`)
}
const { growthOf, rssLine } = growthWindows(samples, Math.min(WARM_UP_RUNS, RUNS), WINDOW)
const growth = growthOf((sample) => sample.rssMb)
let ok: boolean
if (SUPERVISED && finalStats !== undefined) {
  const childGrowth = growthOf((sample) => sample.children?.rssMb)
  const memoryRuns = [...(outcomes.get('memory')?.values() ?? [])].reduce((sum, n) => sum + n, 0)
  const { main, memory } = finalStats
  // why: each bomb kills exactly its own child; a loss in the main runtime is a crash nobody asked for.
  const lossesOk = main.processesLost === 0 && memory.processesLost === memoryRuns
  const left = runtimeLeft()
  console.log(`\n${rssLine('RSS host', (sample) => sample.rssMb, growth)}`)
  console.log(
    rssLine(`RSS children (${CHILDREN} live at each sample)`, (sample) => sample.children?.rssMb, childGrowth),
  )
  console.log(`samples not quiet: ${samples.filter((sample) => sample.quiet === false).length} of ${samples.length}`)
  console.log(
    `processes: main started ${main.processesStarted} lost ${main.processesLost} (runs ${main.runs}); memory started ${memory.processesStarted} lost ${memory.processesLost} (runs ${memory.runs}); memory-scenario runs ${memoryRuns}`,
  )
  console.log(
    `runtime children after dispose: ${describePids(left) || 'none'}; other children: ${describePids(classifyChildren().other) || 'none'} (of ${childPids().length} in all)`,
  )
  console.log(
    `unexpected outcomes: ${failures}; unhandled rejections: ${unhandled}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  ok = growth <= 5 && childGrowth <= 5 && lossesOk && childrenGone && unhandled === 0 && failures === 0
  console.log(
    ok
      ? 'verdict: PASS'
      : 'verdict: FAIL (goal: host and children RSS growth <= 5% after warm-up, main runtime loses 0 processes and the memory runtime 1 per bomb, no children after dispose, 0 unhandled rejections, 0 unexpected outcomes)',
  )
} else {
  const { created, disposed } = census()
  const leaked = created - disposed
  console.log(`\n${rssLine('RSS', (sample) => sample.rssMb, growth)}`)
  console.log(`isolates: created ${created}, disposed ${disposed}, leaked ${leaked}`)
  console.log(
    `unexpected outcomes: ${failures}; unhandled rejections: ${unhandled}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  ok = growth <= 5 && leaked === 0 && unhandled === 0 && failures === 0
  console.log(
    ok
      ? 'verdict: PASS'
      : 'verdict: FAIL (goal: RSS growth <= 5% after warm-up, 0 leaked isolates, 0 unhandled rejections, 0 unexpected outcomes)',
  )
}
// why: never process.exit() right after disposing isolates (isolated-vm can segfault); let the
// process end on its own with the exit code set.
process.exitCode = ok ? 0 : 1
