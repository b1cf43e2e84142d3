// why: the name most users load is the safe one. `IsolateRuntime` (also the default export) hosts
// each isolate in a supervised child process, so no program can end the host process; the
// in-process runtime is an explicit opt-in for trusted programs, under a name that says so.
export { SupervisedIsolateRuntime, SupervisedIsolateRuntime as IsolateRuntime, SupervisedIsolateRuntime as default } from './supervised/supervised-runtime.ts'
export { InProcessIsolateRuntime } from './in-process/in-process-runtime.ts'
export { IsolateRuntimeConfigSchema, resolveConfig } from './engine/config.ts'
export { hasNoNodeSnapshot } from './engine/node-snapshot.ts'
export { stripProgram } from './engine/strip-program.ts'
export { ISOLATED_VM_LINES, isolatedVmLineFor, resolveIsolatedVm, supportedNodeLines } from './isolate/ivm-lines.ts'
export { engineGlobals, programGlobals, REMOVED_GLOBALS } from './guest/globals.ts'
export type { IsolatedVmLine } from './isolate/ivm-lines.ts'
export type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from './engine/config.ts'
export type { StripResult } from './engine/strip-program.ts'
export type { IsolateRunRequest } from './engine/run-request.ts'
export type { SupervisedRuntimeStats } from './supervised/supervised-runtime.ts'
export type { PoolStats as IsolateRuntimeStats } from './isolate/pool-stats.ts'
