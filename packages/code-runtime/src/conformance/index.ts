export { describeCodeRuntimeConformance, defaultConformanceBudgets } from './describe.ts'
export { conformanceCases, isolationCaseIds } from './ids.ts'
export type { ConformanceCaseId } from './ids.ts'
export type {
  CodeRuntimeLike,
  ConformanceBudgets,
  ConformanceFactory,
  ConformanceHarness,
  ConformanceOptions,
  ConformanceSubject,
} from './types.ts'
