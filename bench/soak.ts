// `pnpm soak [runs]`: a long mixed workload against one IsolateRuntime (ok, throw, timeout,
// memory, abort, and 20 sub-calls through run_code) with two concurrent callers. Prints RSS at
// the start and every 1,000 runs, isolates created/disposed and outcomes by scenario. Not a CI
// test: run it by hand (default 10,000 runs) and read the verdict at the end.
import { createRequire, register } from 'node:module'
import { pathToFileURL } from 'node:url'

const RUNS = Number(process.argv[2] ?? 10_000)
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`soak: the run count must be a positive integer (got ${process.argv[2]})`)
const CALLERS = 2
const REPORT_EVERY = 1_000

// ---- isolate census: isolated-vm's exports are frozen, so a resolve hook hands the runtime a
// copy whose Isolate subclass records every instance (the runtime has no counters of its own).
interface CensusIsolate {
  readonly isDisposed: boolean
}
const census = { created: 0, disposed: 0, live: new Set<CensusIsolate>() }
;(globalThis as Record<symbol, unknown>)[Symbol.for('isocode.soak.census')] = census
const realIvm = pathToFileURL(createRequire(import.meta.url).resolve('isolated-vm')).href
const wrapper = `data:text/javascript,${encodeURIComponent(`
import real from ${JSON.stringify(realIvm)};
const census = globalThis[Symbol.for('isocode.soak.census')];
class Isolate extends real.Isolate { constructor(o) { super(o); census.created++; census.live.add(this); } }
export default { Callback: real.Callback, Context: real.Context, ExternalCopy: real.ExternalCopy, NativeModule: real.NativeModule, Reference: real.Reference, Script: real.Script, Isolate };
`)}`
register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'isolated-vm' && !String(context.parentURL).startsWith('data:')) return { url: ${JSON.stringify(wrapper)}, format: 'module', shortCircuit: true };
  return next(specifier, context);
}`)}`,
)

function sweep(): void {
  for (const isolate of census.live) {
    if (isolate.isDisposed) {
      census.live.delete(isolate)
      census.disposed++
    }
  }
}

// why: imported after the hook is registered, so the runtime's `isolated-vm` is the counting copy.
const { IsolateRuntime } = await import('@isocode/isolate-runtime')
const { SystemPrompt } = await import('@isocode/harness')
const { ToolRegistry } = await import('@isocode/registry')
const { Context } = await import('cordis')
type CodeRunResult = import('@isocode/code-runtime').CodeRunResult
type CodeBindingNamespace = import('@isocode/code-runtime').CodeBindingNamespace

let unhandled = 0
process.on('unhandledRejection', () => void unhandled++)

const root = new Context()
const fibers = [await root.plugin(SystemPrompt), await root.plugin(ToolRegistry, { mode: 'code' })]
// why: the wall budget only bounds legitimate runs here (timeouts are CPU kills, aborts fire at
// 5 ms); a tight one turns a loaded machine's scheduling delays into false failures.
const runtimeFiber = await root.plugin(IsolateRuntime, { poolSize: 2, memoryLimitMb: 16, cpuBudgetMs: 100, wallBudgetMs: 2_000 })
const runtime = root.get('codeRuntime') as InstanceType<typeof IsolateRuntime>
// why: reaching the heap limit takes GC thrash well past a 100 ms CPU budget, so memory runs get
// a runtime of their own with a longer budget (same process, same census).
const memoryRoot = new Context()
const memoryFiber = await memoryRoot.plugin(IsolateRuntime, { poolSize: 1, memoryLimitMb: 16, cpuBudgetMs: 5_000, wallBudgetMs: 10_000 })
const memoryRuntime = memoryRoot.get('codeRuntime') as InstanceType<typeof IsolateRuntime>
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

const SCENARIOS: Scenario[] = [
  { name: 'ok', weight: 40, expect: 'ok', run: (i) => direct(`const r = await tools.echo({ i: ${i} })\nconsole.log('run', r.i)\nreturn r`) },
  { name: 'throw', weight: 15, expect: 'exception', run: () => direct("await tools.echo({})\nthrow new Error('soak')") },
  { name: 'timeout', weight: 8, expect: 'timeout', run: () => direct('while (true) {}') },
  // why: an array bomb, not a Map/dictionary bomb: those abort the process (isolated-vm #457/#527).
  {
    name: 'memory',
    weight: 2,
    expect: 'memory',
    run: async () => kindOf(await memoryRuntime.run({ program: 'const keep: number[][] = []\nfor (;;) keep.push(new Array(100_000).fill(1))', bindings })),
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
      const result = await tools.execute({ callId: `soak-${i}`, name: 'run_code', arguments: { code, description: 'soak' } })
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
const rss = (): number => Math.round(process.memoryUsage().rss / 1024 / 1024)
const samples: Array<{ runs: number; rssMb: number }> = [{ runs: 0, rssMb: rss() }]
const started = performance.now()
console.log(`soak: ${RUNS} runs, ${CALLERS} callers, RSS at start ${samples[0]?.rssMb} MB`)

async function caller(): Promise<void> {
  for (let i = next++; i < RUNS; i = next++) {
    const scenario = DECK[(i * 37) % DECK.length] as Scenario
    let kind: string
    try {
      kind = await scenario.run(i)
    } catch (error) {
      kind = `rejected: ${String(error)}`
    }
    const byKind = outcomes.get(scenario.name) ?? new Map<string, number>()
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1)
    outcomes.set(scenario.name, byKind)
    if (kind !== scenario.expect) failures++
    done++
    if (done % REPORT_EVERY === 0) {
      sweep()
      samples.push({ runs: done, rssMb: rss() })
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      console.log(`  ${String(done).padStart(6)} runs  RSS ${rss()} MB  isolates created ${census.created} disposed ${census.disposed}  unexpected ${failures}  ${seconds} s`)
    }
  }
}

await Promise.all(Array.from({ length: CALLERS }, caller))
await runtimeFiber.dispose()
await memoryFiber.dispose()
for (const fiber of fibers.toReversed()) await fiber.dispose()
sweep()

console.log('\noutcomes by scenario (kind: count):')
for (const scenario of SCENARIOS) {
  const counts = [...(outcomes.get(scenario.name) ?? new Map<string, number>())].map(([kind, n]) => `${kind}: ${n}`).join(', ')
  console.log(`  ${scenario.name.padEnd(22)} expected ${scenario.expect.padEnd(9)} ${counts}`)
}
const warm = samples.find((sample) => sample.runs >= Math.min(REPORT_EVERY, RUNS)) ?? samples[0]
const last = samples.at(-1) ?? samples[0]
const growth = warm !== undefined && last !== undefined ? ((last.rssMb - warm.rssMb) / warm.rssMb) * 100 : 0
const leaked = census.created - census.disposed
console.log(`\nRSS: start ${samples[0]?.rssMb} MB, after warm-up (${warm?.runs} runs) ${warm?.rssMb} MB, end ${last?.rssMb} MB, growth after warm-up ${growth.toFixed(1)}%`)
console.log(`isolates: created ${census.created}, disposed ${census.disposed}, leaked ${leaked}`)
console.log(`unexpected outcomes: ${failures}; unhandled rejections: ${unhandled}; ${((performance.now() - started) / 1000).toFixed(1)} s`)
const ok = growth <= 5 && leaked === 0 && unhandled === 0 && failures === 0
console.log(ok ? 'verdict: PASS' : 'verdict: FAIL (goal: RSS growth <= 5% after warm-up, 0 leaked isolates, 0 unhandled rejections, 0 unexpected outcomes)')
// why: never process.exit() right after disposing isolates (isolated-vm can segfault); let the
// process end on its own with the exit code set.
process.exitCode = ok ? 0 : 1
