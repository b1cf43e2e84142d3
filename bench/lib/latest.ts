// bench/results/latest.json: what one `pnpm bench` run measured, suite by suite. A filtered run
// (`pnpm bench <suite>`) merges into the file on disk: the suites it ran replace their own tasks,
// ratios and metrics, and every other suite's numbers stay as they were, with their own date.
import type { TaskStats } from './suite.ts'

/** When and where one suite's numbers were measured, and which names it owns in the file. */
export interface SuiteRecord {
  date: string
  commit: string
  node: string
  tasks: string[]
  ratios: string[]
  metrics: string[]
}

/** The machine a run measured on. */
export interface Machine {
  node: string
  cpus: number
  cpu: string
}

/** The shape of bench/results/latest.json (`date` and `machine` are those of the newest run). */
export interface LatestResults {
  date: string
  machine: Machine
  tasks: TaskStats[]
  ratios: Record<string, number>
  metrics: Record<string, number>
  /** Per bench file (`isolate.bench.ts`): when it last ran and what it wrote. */
  suites: Record<string, SuiteRecord>
}

/** One suite's output in a run. */
export interface SuiteRun {
  file: string
  tasks: TaskStats[]
  ratios: Record<string, number>
  metrics: Record<string, number>
}

const without = (record: Record<string, number>, names: ReadonlySet<string>): Record<string, number> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => !names.has(name)))

/**
 * Merge a run's suites into the previous file: each suite that ran drops what it wrote before and
 * adds what it measured now; the others are kept. A previous file without `suites` (written before
 * suites were recorded) keeps everything but the names this run measured again.
 */
export function mergeLatest(
  previous: Partial<LatestResults> | undefined,
  run: { date: string; commit: string; machine: Machine; suites: readonly SuiteRun[] },
): LatestResults {
  const suites: Record<string, SuiteRecord> = { ...previous?.suites }
  const stale = { tasks: new Set<string>(), ratios: new Set<string>(), metrics: new Set<string>() }
  for (const suite of run.suites) {
    const before = suites[suite.file]
    for (const name of [...(before?.tasks ?? []), ...suite.tasks.map((t) => t.name)]) stale.tasks.add(name)
    for (const name of [...(before?.ratios ?? []), ...Object.keys(suite.ratios)]) stale.ratios.add(name)
    for (const name of [...(before?.metrics ?? []), ...Object.keys(suite.metrics)]) stale.metrics.add(name)
    suites[suite.file] = {
      date: run.date,
      commit: run.commit,
      node: run.machine.node,
      tasks: suite.tasks.map((t) => t.name),
      ratios: Object.keys(suite.ratios),
      metrics: Object.keys(suite.metrics),
    }
  }
  const kept = (previous?.tasks ?? []).filter((task) => !stale.tasks.has(task.name))
  return {
    date: run.date,
    machine: run.machine,
    tasks: [...kept, ...run.suites.flatMap((suite) => suite.tasks)],
    ratios: Object.assign(without(previous?.ratios ?? {}, stale.ratios), ...run.suites.map((s) => s.ratios)),
    metrics: Object.assign(without(previous?.metrics ?? {}, stale.metrics), ...run.suites.map((s) => s.metrics)),
    suites: Object.fromEntries(Object.entries(suites).toSorted(([a], [b]) => a.localeCompare(b))),
  }
}
