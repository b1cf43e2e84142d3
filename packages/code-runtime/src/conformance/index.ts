export { describeCodeRuntimeConformance } from './describe.ts'
export { isolationCaseIds } from './ids.ts'
// why: the kit is for authors of other backends; these names serve them though nothing here imports them.
/** @public */
export { defaultConformanceBudgets } from './describe.ts'
/** @public */
export { conformanceCases } from './ids.ts'
/** @public */
export type { ConformanceCaseId } from './ids.ts'
export type { ConformanceFactory } from './types.ts'
/** @public */
export type {
  CodeRuntimeLike,
  ConformanceBudgets,
  ConformanceHarness,
  ConformanceOptions,
  ConformanceSubject,
} from './types.ts'
