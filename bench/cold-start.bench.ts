// Cold start as a new user meets it: a fresh `node` process spawned, `import('isocode')` from built
// output, `createCodeMode`, and the first `return 1`, timed from the spawn to the result reaching
// this process; the two isolations alternated process by process, median of 10 each. With
// ISOCODE_BENCH_BASELINE=<another checkout, built> its packages take turns too, and the ratios say
// how this checkout compares on the same moments of a loaded machine.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { importBuiltIsolateRuntime } from './lib/built.ts'
import { BUILT_ISOCODE, runFresh } from './lib/fresh-process.ts'
import { percentile, round, statsFromSamples } from './lib/report.ts'
import { createBench, type SuiteFactory, stat, type TaskStats } from './lib/suite.ts'

const SAMPLES = 10
const BASELINE = process.env.ISOCODE_BENCH_BASELINE
const BASELINE_ISOCODE =
  BASELINE === undefined ? undefined : pathToFileURL(join(BASELINE, 'packages', 'isocode', 'dist', 'index.js')).href

const TASKS = {
  isolate: 'cold_start_isolate: spawn, import, createCodeMode, first return 1 (isolation "isolate")',
  process: 'cold_start_process: spawn, import, createCodeMode, first return 1 (isolation "process")',
  baseIsolate: 'cold_start_isolate (baseline checkout)',
  baseProcess: 'cold_start_process (baseline checkout)',
} as const

// why: the script a user would write, inline so nothing but Node and the built packages loads; it
// prints its own phase marks (ms since its process began) with the result, then ends on its own.
const SCRIPT = `
const [entry, isolation] = process.argv.slice(1)
const before = performance.now()
const { createCodeMode } = await import(entry)
const imported = performance.now()
const cm = await createCodeMode({ isolation, tools: { echo: { description: 'echo', inputSchema: { type: 'object', properties: {} }, execute: async (args) => args } } })
const created = performance.now()
const result = await cm.run('return 1')
const ran = performance.now()
process.stdout.write(JSON.stringify({ value: result.value, ok: result.ok, before, imported, created, ran }) + '\\n')
await cm.close()
`

interface Marks {
  value: unknown
  before: number
  imported: number
  created: number
  ran: number
}

interface Sample {
  /** From just before the spawn to the result line arriving here. */
  totalMs: number
  marks: Marks
}

async function coldStart(isolation: 'isolate' | 'process', entry = BUILT_ISOCODE): Promise<Sample> {
  const { firstLineMs, report } = await runFresh<Marks & { ok: boolean }>(`cold start (${isolation})`, SCRIPT, [
    entry,
    isolation,
  ])
  if (report.value !== 1 || !report.ok)
    throw new Error(`bench: cold start (${isolation}): the first run gave ${JSON.stringify(report)}`)
  return { totalMs: firstLineMs, marks: report }
}

const median = (values: number[]): number =>
  round(
    percentile(
      [...values].toSorted((a, b) => a - b),
      50,
    ),
    1,
  )

const suite: SuiteFactory = async () => {
  // why: built output is what a user installs; the build is incremental, so quick when current.
  await importBuiltIsolateRuntime()
  const phases: Record<'isolate' | 'process', Sample[]> = { isolate: [], process: [] }
  const baseline: Record<'isolate' | 'process', number[]> = { isolate: [], process: [] }
  const kinds = ['isolate', 'process'] as const
  return {
    // why: every task here spawns its own processes and times itself (no tinybench loop).
    bench: createBench(),
    async sampled(): Promise<TaskStats[]> {
      // why: one untimed start of each first, so the OS file cache holds the packages for every sample.
      for (const isolation of kinds) {
        await coldStart(isolation)
        if (BASELINE_ISOCODE !== undefined) await coldStart(isolation, BASELINE_ISOCODE)
      }
      for (let i = 0; i < SAMPLES; i++) {
        // why: alternated and rotated, so the machine's drift hits every side alike.
        const turns: Array<() => Promise<void>> = kinds.flatMap((isolation) => [
          async () => void phases[isolation].push(await coldStart(isolation)),
          ...(BASELINE_ISOCODE === undefined
            ? []
            : [async () => void baseline[isolation].push((await coldStart(isolation, BASELINE_ISOCODE)).totalMs)]),
        ])
        for (let k = 0; k < turns.length; k++) await (turns[(i + k) % turns.length] as () => Promise<void>)()
      }
      const stats = [
        statsFromSamples(
          TASKS.isolate,
          phases.isolate.map((s) => s.totalMs),
        ),
        statsFromSamples(
          TASKS.process,
          phases.process.map((s) => s.totalMs),
        ),
      ]
      if (BASELINE_ISOCODE !== undefined)
        stats.push(
          statsFromSamples(TASKS.baseIsolate, baseline.isolate),
          statsFromSamples(TASKS.baseProcess, baseline.process),
        )
      return stats
    },
    ratios: (stats): Record<string, number> =>
      BASELINE_ISOCODE === undefined
        ? {}
        : {
            cold_start_isolate_vs_baseline: round(
              stat(stats, TASKS.isolate).median_us / stat(stats, TASKS.baseIsolate).median_us,
              3,
            ),
            cold_start_process_vs_baseline: round(
              stat(stats, TASKS.process).median_us / stat(stats, TASKS.baseProcess).median_us,
              3,
            ),
          },
    metrics: (stats) => {
      const out: Record<string, number> = {
        cold_start_isolate_ms: round(stat(stats, TASKS.isolate).median_us / 1000, 1),
        cold_start_process_ms: round(stat(stats, TASKS.process).median_us / 1000, 1),
      }
      for (const isolation of ['isolate', 'process'] as const) {
        const samples = phases[isolation]
        // why: the phases as the fresh process saw them: Node's own start, the import, the create, the first run.
        out[`cold_start_${isolation}_node_boot_ms`] = median(samples.map((s) => s.marks.before))
        out[`cold_start_${isolation}_import_ms`] = median(samples.map((s) => s.marks.imported - s.marks.before))
        out[`cold_start_${isolation}_create_ms`] = median(samples.map((s) => s.marks.created - s.marks.imported))
        out[`cold_start_${isolation}_first_run_ms`] = median(samples.map((s) => s.marks.ran - s.marks.created))
      }
      return out
    },
  }
}

export default suite
