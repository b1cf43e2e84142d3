export { describeRunStoreConformance } from './describe.ts'
export type { RunStoreConformanceFactory, RunStoreConformanceOptions, RunStoreSubject } from './types.ts'
