// Time several tasks sample by sample in turn (A, B, A, B, ...), so load and drift on a shared
// machine hit every task alike; tinybench would run all of A's samples before B's.
import { statsFromSamples } from './report.ts'
import type { TaskStats } from './suite.ts'

/** One task of an alternated group: a name for the table and one awaited sample. */
export interface AlternatedTask {
  name: string
  fn: () => Promise<void>
  /** Untimed set-up before each sample (e.g. a fresh context, or idle time for a pool). */
  before?: () => Promise<void> | void
  /** Untimed after each sample (e.g. reading a CPU counter). */
  after?: () => void
}

/** How many rounds to time, after how many untimed warm-up rounds. */
export interface AlternateOptions {
  samples: number
  warmup: number
}

/**
 * Run `warmup` untimed rounds, then `samples` timed rounds of every task, the start rotating
 * each round so no task always runs first. A task that throws fails the whole group.
 */
export async function alternate(tasks: readonly AlternatedTask[], options: AlternateOptions): Promise<TaskStats[]> {
  if (tasks.length === 0) throw new Error('bench: alternate() needs at least one task')
  if (!Number.isInteger(options.samples) || options.samples < 1)
    throw new Error('bench: alternate() options.samples must be a positive integer')
  const times: number[][] = tasks.map(() => [])
  for (let round = 0; round < options.warmup + options.samples; round++) {
    for (let k = 0; k < tasks.length; k++) {
      const index = (round + k) % tasks.length
      const task = tasks[index] as AlternatedTask
      await task.before?.()
      const start = performance.now()
      await task.fn()
      const elapsed = performance.now() - start
      task.after?.()
      if (round >= options.warmup) (times[index] as number[]).push(elapsed)
    }
  }
  return tasks.map((task, i) => statsFromSamples(task.name, times[i] as number[]))
}
