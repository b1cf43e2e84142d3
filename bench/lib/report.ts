import type { Bench } from 'tinybench'
import type { TaskStats } from './suite.ts'

/** The `p`th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

/** `value` rounded to `digits` decimals, as a number. */
export const round = (value: number, digits = 2): number => Number(value.toFixed(digits))

/** Turn a finished tinybench run into per-task stats; errored tasks are returned separately. */
export function collect(bench: Bench): { stats: TaskStats[]; errors: Array<{ name: string; error: unknown }> } {
  const stats: TaskStats[] = []
  const errors: Array<{ name: string; error: unknown }> = []
  for (const task of bench.tasks) {
    const result = task.result
    if (result.state === 'errored') {
      errors.push({ name: task.name, error: result.error })
      continue
    }
    if (result.state !== 'completed') {
      errors.push({ name: task.name, error: new Error(`task ended in state ${result.state}`) })
      continue
    }
    const samples = [...(result.latency.samples ?? [])].toSorted((a, b) => a - b)
    stats.push({
      name: task.name,
      median_us: round(result.latency.p50 * 1000),
      p95_us: round(percentile(samples, 95) * 1000),
      ops_per_s: round(1000 / result.latency.p50, 1),
      samples: result.latency.samplesCount,
    })
  }
  return { stats, errors }
}

/** The human table: one row per task, aligned columns. */
export function formatTable(stats: readonly TaskStats[]): string {
  const header = ['task', 'median µs', 'p95 µs', 'ops/s', 'samples']
  const rows = stats.map((s) => [s.name, String(s.median_us), String(s.p95_us), String(s.ops_per_s), String(s.samples)])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)))
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`
  return [line(header), rule, ...rows.map(line)].join('\n')
}

/** Stats of a task timed outside tinybench, from its latency samples in milliseconds. */
export function statsFromSamples(name: string, samplesMs: readonly number[]): TaskStats {
  const sorted = [...samplesMs].toSorted((a, b) => a - b)
  const median = percentile(sorted, 50)
  return {
    name,
    median_us: round(median * 1000),
    p95_us: round(percentile(sorted, 95) * 1000),
    ops_per_s: round(1000 / median, 1),
    samples: sorted.length,
  }
}
