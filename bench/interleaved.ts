// `pnpm bench:interleaved <old-checkout> [samples]`: the runtime and run_code tasks of another
// checkout (an older commit, installed) and of this one, loaded into this one process and timed
// sample by sample in turn (old, new, new, old, ...). Two `pnpm bench` runs side by side still see
// the machine drift between them (±25 % on a 2-core box); here both sides share every moment, so
// a difference of a few percent is visible. Prints a table and writes
// bench/results/interleaved.md; the CPU columns sum this process and the side's runtime children.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { commandLine } from './lib/children.ts'
import { treeCpuMs } from './lib/cpu.ts'
import { percentile } from './lib/report.ts'

type RuntimeTasks = typeof import('./lib/runtime-tasks.ts')
type IsocodeToolsModule = typeof import('./lib/isocode-tools.ts')
type IsolateRuntimeModule = typeof import('@isocode/isolate-runtime')
type CordisModule = typeof import('cordis')

/** One checkout's modules, each loaded from that checkout's own tree and dependencies. */
interface Side {
  label: 'old' | 'new'
  root: string
  tasks: RuntimeTasks
  isocode: IsocodeToolsModule
  runtimes: IsolateRuntimeModule
  cordis: CordisModule
}

/** A booted workload of one side: one timed sample, and its disposal. */
interface Booted {
  /** Untimed, before each sample (an idle gap). */
  before?: () => Promise<void>
  sample(): Promise<void>
  dispose(): Promise<void>
}

/** A workload both sides run: its name, how many binding calls a sample makes, and its boot. */
interface Workload {
  name: string
  calls: number
  boot(side: Side): Promise<Booted>
}

const [oldArg, samplesArg, filter] = process.argv.slice(2)
if (oldArg === undefined) {
  console.error('usage: pnpm bench:interleaved <old-checkout> [samples=40] [workload name filter]')
  process.exit(2)
}
const SAMPLES = Number(samplesArg ?? 40)
const WARMUP = 5
const here = resolve(import.meta.dirname, '..')

async function loadSide(label: Side['label'], root: string): Promise<Side> {
  const fromRoot = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T
  // why: cordis resolved from the checkout's runtime package, so each side's plugins meet the
  // Context class they were written against.
  const cordisPath = requireFrom(root).resolve('cordis')
  return {
    label,
    root,
    tasks: await fromRoot<RuntimeTasks>('bench/lib/runtime-tasks.ts'),
    isocode: await fromRoot<IsocodeToolsModule>('bench/lib/isocode-tools.ts'),
    runtimes: await fromRoot<IsolateRuntimeModule>('packages/isolate-runtime/src/index.ts'),
    cordis: (await import(pathToFileURL(cordisPath).href)) as CordisModule,
  }
}

/** How a runtime workload differs from one plain run with the bench's config. */
interface RuntimeOptions {
  /** Runs back to back in one sample (default 1). */
  runs?: number
  /** Config on top of the side's bench config (keys both checkouts know). */
  config?: Record<string, unknown>
  /** Idle this long before each sample, untimed: the gap between an agent's runs. */
  idleMs?: number
}

/** A workload straight on a side's runtime plugin with the side's bench config (its own key names). */
function onRuntime(
  name: string,
  plugin: 'InProcessIsolateRuntime' | 'SupervisedIsolateRuntime',
  program: keyof RuntimeTasks['PROGRAMS'],
  calls: number,
  expected: number,
  options: RuntimeOptions = {},
): Workload {
  const runs = options.runs ?? 1
  return {
    name,
    calls: calls * runs,
    async boot(side) {
      const root = new side.cordis.Context()
      const fiber = await root.plugin(side.runtimes[plugin], { ...side.tasks.RUNTIME_CONFIG, ...options.config })
      const runtime = root.get('codeRuntime')
      if (runtime === undefined) throw new Error(`bench: the ${side.label} ${plugin} did not start`)
      // why: RT-69 — a supervised runtime is started once its first child is; its spare starts right
      // after. Warm workloads wait for it, as an older runtime's start-up did for every child, so a
      // child's start-up is not timed (or its CPU counted) inside the samples.
      await (runtime as { ready?: () => Promise<void> }).ready?.()
      const request = { program: side.tasks.PROGRAMS[program], bindings: side.tasks.echoTools }
      const sample = async (): Promise<void> => {
        for (let run = 0; run < runs; run++)
          await side.tasks.expectValue(runtime, request, expected, `${side.label} ${name}`)
      }
      const idleMs = options.idleMs
      const before = idleMs === undefined ? undefined : () => side.tasks.pause(idleMs)
      return { before, sample, dispose: () => fiber.dispose() }
    },
  }
}

/**
 * A workload through a side's whole registry: run_code with `calls` sequential echo calls; with
 * `listening`, the caller passes a run listener (`onRunEvent`) that counts what it gets; `newRegistry`
 * is registry config for the new side only (a setting the old side has no counterpart for).
 */
function onRegistry(
  name: string,
  plugin: 'InProcessIsolateRuntime' | 'SupervisedIsolateRuntime',
  calls: number,
  listening = false,
  newRegistry: Record<string, unknown> = {},
): Workload {
  return {
    name,
    calls,
    async boot(side) {
      const registry = side.label === 'new' ? newRegistry : {}
      const booted = await side.isocode.bootIsocode(side.runtimes[plugin], {}, registry)
      const program = side.isocode.sequentialEcho(calls)
      const expected = (calls * (calls - 1)) / 2
      if (!listening) return { sample: () => booted.runCode(program, expected), dispose: () => booted.dispose() }
      let received = 0
      let id = 0
      const sample = async (): Promise<void> => {
        received = 0
        const result = await booted.tools.execute({
          callId: `listened-${id++}`,
          name: 'run_code',
          arguments: { code: program, description: 'bench' },
          onRunEvent: () => void received++,
        })
        const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
        // why: run-started, a pair per call, run-finished; a side without run listeners fails here.
        if (result.isError || text !== JSON.stringify(expected) || received !== 2 * calls + 2)
          throw new Error(`bench: ${side.label} listened run_code gave ${received} events, ${JSON.stringify(result)}`)
      }
      return { sample, dispose: () => booted.dispose() }
    },
  }
}

const WORKLOADS: Workload[] = [
  onRuntime('in-process: return 1', 'InProcessIsolateRuntime', 'return1', 0, 1),
  // why: runs back to back find no context prepared; without spares they wait for one.
  onRuntime('in-process: 5 x return 1 back to back', 'InProcessIsolateRuntime', 'return1', 0, 1, { runs: 5 }),
  onRuntime('in-process, spareIsolates 0: 5 x return 1 back to back', 'InProcessIsolateRuntime', 'return1', 0, 1, {
    runs: 5,
    config: { spareIsolates: 0 },
  }),
  onRuntime('in-process: 10 sequential calls, 8 ms idle before', 'InProcessIsolateRuntime', 'calls10', 10, 9, {
    idleMs: 8,
  }),
  onRuntime(
    'in-process, pollMicros 200: 10 sequential calls, 8 ms idle before',
    'InProcessIsolateRuntime',
    'calls10',
    10,
    9,
    { idleMs: 8, config: { pollMicros: 200 } },
  ),
  onRuntime('in-process: 1000 sequential calls', 'InProcessIsolateRuntime', 'sequential', 1000, 999),
  onRuntime('supervised: return 1', 'SupervisedIsolateRuntime', 'return1', 0, 1),
  onRuntime('supervised: 1000 sequential calls', 'SupervisedIsolateRuntime', 'sequential', 1000, 999),
  onRuntime('supervised: 1000 calls under Promise.all', 'SupervisedIsolateRuntime', 'parallel', 1000, 1000),
  onRegistry('run_code in-process: no calls', 'InProcessIsolateRuntime', 0),
  onRegistry('run_code in-process: 100 sequential calls', 'InProcessIsolateRuntime', 100),
  onRegistry('run_code supervised: 100 sequential calls', 'SupervisedIsolateRuntime', 100),
  // why: the check before a run came after the baselines this table is read against; these
  // rows time the same run path with it off on the new side, the rows above with the default (on).
  onRegistry('run_code in-process, new side unchecked: 100 sequential calls', 'InProcessIsolateRuntime', 100, false, {
    check: false,
  }),
  onRegistry('run_code supervised, new side unchecked: 100 sequential calls', 'SupervisedIsolateRuntime', 100, false, {
    check: false,
  }),
  onRegistry('run_code in-process, run listener: 100 sequential calls', 'InProcessIsolateRuntime', 100, true),
  onRegistry('run_code supervised, run listener: 100 sequential calls', 'SupervisedIsolateRuntime', 100, true),
]

/** CPU ms so far of this process and of its runtime children started from `root`'s tree. */
function cpuOf(root: string): { self: number; children: number } {
  const runtimeDir = join(root, 'packages/isolate-runtime/')
  return treeCpuMs((pid) => commandLine(pid)?.includes(runtimeDir) === true)
}

const sorted = (values: readonly number[]): number[] => values.toSorted((a, b) => a - b)

interface Measured {
  times: number[]
  cpuMs: number
}

async function measure(workload: Workload, sides: readonly Side[]): Promise<Measured[]> {
  const booted: Booted[] = []
  try {
    for (const side of sides) booted.push(await workload.boot(side))
    const measured = sides.map(() => ({ times: [] as number[], cpuMs: 0 }))
    for (let round = 0; round < WARMUP + SAMPLES; round++) {
      // why: the order flips every round, so neither side always runs right after the other.
      const order = round % 2 === 0 ? [0, 1] : [1, 0]
      for (const index of order) {
        const side = sides[index] as Side
        await booted[index]?.before?.()
        const before = cpuOf(side.root)
        const started = performance.now()
        await (booted[index] as Booted).sample()
        const elapsed = performance.now() - started
        const after = cpuOf(side.root)
        if (round < WARMUP) continue
        const entry = measured[index] as Measured
        entry.times.push(elapsed)
        entry.cpuMs += after.self - before.self + after.children - before.children
      }
    }
    return measured
  } finally {
    for (const each of booted) await each.dispose()
  }
}

/**
 * Make the old checkout's isolated-vm the one this checkout loaded: a native addon initializes once
 * per process, and a second copy from another path aborts it. Both must be the same version.
 */
function shareIsolatedVm(oldRoot: string): void {
  for (const alias of ['isolated-vm-5', 'isolated-vm-6', 'isolated-vm-7']) {
    const paths = [here, oldRoot].map((root) => tryResolve(requireFrom(root), alias))
    const [ours, theirs] = paths
    if (ours === undefined || theirs === undefined || ours === theirs) continue
    const require = requireFrom(here)
    // why: every alias is installed, but only the one for this Node line has a build.
    if (tryRequire(require, alias) === undefined) continue
    const versions = [here, oldRoot].map((root) => requireFrom(root)(`${alias}/package.json`).version as string)
    if (versions[0] !== versions[1])
      throw new Error(`bench: ${alias} is ${versions[1]} in ${oldRoot}, ${versions[0]} here`)
    // why: the old side's require() of its own copy now finds this module in the cache.
    require.cache[theirs] = require.cache[ours]
  }
}

/** The short commit a checkout is at. */
function commitOf(root: string): string {
  return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
}

/** require() as a checkout's runtime package resolves it. */
function requireFrom(root: string): NodeJS.Require {
  return createRequire(join(root, 'packages/isolate-runtime/package.json'))
}

function tryRequire(require: NodeJS.Require, id: string): unknown {
  try {
    return require(id) as unknown
  } catch {
    return undefined
  }
}

function tryResolve(require: NodeJS.Require, id: string): string | undefined {
  try {
    return require.resolve(id)
  } catch {
    // why: only one alias is installed per Node line.
    return undefined
  }
}

shareIsolatedVm(resolve(oldArg))
const sides = [await loadSide('old', resolve(oldArg)), await loadSide('new', here)]
const rows: string[] = []
const median = (m: Measured): number => percentile(sorted(m.times), 50)
const p25 = (m: Measured): number => percentile(sorted(m.times), 25)
const cpuPerSample = (m: Measured): number => m.cpuMs / m.times.length
const ms = (value: number): string => value.toFixed(2)
const ratio = (now: number, old: number): string => (now / old).toFixed(3)
for (const workload of WORKLOADS.filter((each) => filter === undefined || each.name.includes(filter))) {
  console.error(`interleaved · ${workload.name}`)
  let measured: Measured[]
  try {
    measured = await measure(workload, sides)
  } catch (error) {
    // why: an older checkout may lack what a workload uses (a run listener); the row says so.
    rows.push(`| ${workload.name} | n/a: ${String(error).split('\n')[0]?.slice(0, 120)} | | | | | | |`)
    continue
  }
  const [old, now] = measured as [Measured, Measured]
  const cells = [
    workload.name,
    ms(median(old)),
    ms(median(now)),
    ratio(median(now), median(old)),
    ratio(p25(now), p25(old)),
    ms(cpuPerSample(old)),
    ms(cpuPerSample(now)),
    ratio(cpuPerSample(now), cpuPerSample(old)),
  ]
  rows.push(`| ${cells.join(' | ')} |`)
}
const table = [
  '| workload | old median ms | new median ms | new / old | p25 new / old | old CPU ms | new CPU ms | CPU new / old |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n')
console.log(table)
writeFileSync(
  join(here, 'bench/results/interleaved.md'),
  `Interleaved in one process, ${SAMPLES} samples a side after ${WARMUP} warm-up rounds; ` +
    `old = ${commitOf(resolve(oldArg))}, new = ${commitOf(here)} (plus uncommitted changes, if any). ` +
    `CPU: this process plus the side's runtime children, per sample (children at 10 ms resolution).\n\n${table}\n`,
)
process.exit(0)
