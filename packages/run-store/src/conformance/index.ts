/** @public */
export { describeRunStoreConformance } from './describe.ts'
/** @public */
export type { RunStoreConformanceFactory, RunStoreConformanceOptions, RunStoreSubject } from './types.ts'
