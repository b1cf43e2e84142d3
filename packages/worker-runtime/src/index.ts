export { WorkerRuntime, type WorkerRuntimeConfig } from './worker-runtime.ts'
export { PROGRAM_PREFIX, PROGRAM_SUFFIX } from './program-wrapper.ts'
