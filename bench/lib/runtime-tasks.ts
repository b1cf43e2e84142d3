// The workload the runtime suites share: the echo binding, the programs, the pool config and the
// checked run, so the isolate and supervised suites measure exactly the same thing.
import type { CodeBindingNamespace, CodeRuntime, CodeRunRequest } from '@isocode/code-runtime'
import { stat, type TaskStats } from './suite.ts'

export const CALLS = 1_000
export const CALLERS = 2
export const RUNS_PER_CALLER = 5

/** Pool and budgets of every runtime under bench: budgets far from any task's needs. */
export const RUNTIME_CONFIG = { poolSize: 2, cpuMs: 10_000, wallMs: 60_000, outputBytes: 1 << 20 }

/** One `tools.echo` binding that resolves its argument. */
export const echoTools: CodeBindingNamespace[] = [
  { global: 'tools', functions: { echo: (args) => Promise.resolve(args as never) } },
]

/** The programs: a bare return, CALLS awaited calls in sequence, CALLS calls under Promise.all. */
export const PROGRAMS = {
  return1: 'return 1',
  sequential: `let last = 0\nfor (let i = 0; i < ${CALLS}; i++) last = ((await tools.echo({ i })) as { i: number }).i\nreturn last`,
  parallel: `const all = await Promise.all(Array.from({ length: ${CALLS} }, (_, i) => tools.echo({ i })))\nreturn all.length`,
  /** 10 awaited calls in sequence; returns 9. */
  calls10:
    'let last = 0\nfor (let i = 0; i < 10; i++) last = ((await tools.echo({ i })) as { i: number }).i\nreturn last',
}

/** Wait `ms` (an untimed pause before a sample: the idle gap between an agent's runs). */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Run `request` and throw (failing the task) unless it returned exactly `value`. */
export async function expectValue(
  runtime: CodeRuntime,
  request: CodeRunRequest,
  value: unknown,
  label: string = runtime.isolation,
): Promise<void> {
  const result = await runtime.run(request)
  if (result.error !== undefined || result.value !== value) {
    throw new Error(`bench: ${label} run failed: ${JSON.stringify(result)}`)
  }
}

/** Median of `slower` over median of `faster`, rounded to `digits`. */
export function ratio(stats: ReadonlyMap<string, TaskStats>, slower: string, faster: string, digits = 1): number {
  return Number((stat(stats, slower).median_us / stat(stats, faster).median_us).toFixed(digits))
}
