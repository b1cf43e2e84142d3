import { Bench, type BenchOptions } from 'tinybench'

/** Measured numbers of one task, in the shape `bench/results/latest.json` stores. */
export interface TaskStats {
  name: string
  median_us: number
  p95_us: number
  ops_per_s: number
  samples: number
}

/** One bench file's contribution: a tinybench instance with its tasks, plus optional named ratios. */
export interface BenchSuite {
  bench: Bench
  /** Named ratios computed from this run's stats (e.g. `isolate_vs_worker_return1`). */
  ratios?: (stats: ReadonlyMap<string, TaskStats>) => Record<string, number>
  /** Extra numbers a suite wants in the report that are not task latencies (e.g. µs per call). */
  metrics?: (stats: ReadonlyMap<string, TaskStats>) => Record<string, number>
  /**
   * Tasks the suite times itself after `bench.run()` (e.g. two engines alternated sample by
   * sample); they join the table, the stats map and latest.json. A throw counts as an errored task.
   */
  sampled?: () => Promise<TaskStats[]>
  teardown?: () => Promise<void> | void
}

/** What every `bench/*.bench.ts` default-exports. */
export type SuiteFactory = () => Promise<BenchSuite> | BenchSuite

/** A tinybench instance with the house defaults: samples retained so p95 can be computed. */
export function createBench(options: BenchOptions = {}): Bench {
  return new Bench({ time: 1000, warmupTime: 200, retainSamples: true, throws: false, ...options })
}

/** Look up a task's stats or fail loudly, so a renamed task cannot silently drop a ratio. */
export function stat(stats: ReadonlyMap<string, TaskStats>, name: string): TaskStats {
  const found = stats.get(name)
  if (found === undefined) throw new Error(`bench: no task named "${name}" in this run`)
  return found
}
