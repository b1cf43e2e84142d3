import type { CodeRuntime } from '../service.ts'
import type { ConformanceCaseId } from './ids.ts'

/** The part of a backend the kit talks to. */
export type CodeRuntimeLike = Pick<CodeRuntime, 'language' | 'isolation' | 'run'>

/** Budgets the factory must configure on the runtime it builds; cases are written against them. */
export interface ConformanceBudgets {
  /** CPU (execution time) budget per run, ms. */
  cpuMs: number
  /** Wall-clock budget per run, ms; larger than `cpuMs`. */
  wallMs: number
  /** Output cap: UTF-8 bytes of the JSON of logs plus value (or failure message). */
  outputBytes: number
  /** Heap limit of one run's substrate, MB. */
  memoryMb: number
}

/** A backend under test and how to tear it down (e.g. dispose its Cordis scope). */
export interface ConformanceSubject {
  runtime: CodeRuntimeLike
  dispose(): Promise<void>
}

/** Builds a fresh backend configured with exactly these budgets. */
export type ConformanceFactory = (budgets: ConformanceBudgets) => Promise<ConformanceSubject>

/** Options of {@link ConformanceFactory} users: which cases to skip and budget overrides. */
export interface ConformanceOptions {
  /** Cases this backend cannot honour (e.g. `isolationCaseIds` for a worker-thread backend). */
  skip?: readonly ConformanceCaseId[]
  /** Overrides of the default budgets (cpu 150 ms, wall 600 ms, 4096 output bytes, 32 MB). */
  budgets?: Partial<ConformanceBudgets>
}

/** What each topic file gets to register its cases with. */
export interface ConformanceHarness {
  readonly budgets: ConformanceBudgets
  /** The runtime shared by the cases of this describe block. */
  runtime(): CodeRuntimeLike
  /** A separate runtime with other budgets, disposed after the case (or by the case itself). */
  fresh(budgets?: Partial<ConformanceBudgets>): Promise<ConformanceSubject>
  /** Register one case under its id; skipped when listed in `options.skip`. */
  test(id: ConformanceCaseId, body: () => Promise<void>, timeoutMs?: number): void
}
