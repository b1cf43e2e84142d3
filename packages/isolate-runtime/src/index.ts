// why: the name most users load is the safe one. `IsolateRuntime` (also the default export) hosts
// each isolate in a supervised child process, so no program can end the host process; the
// in-process runtime is an explicit opt-in for trusted programs, under a name that says so.
export { SupervisedIsolateRuntime, SupervisedIsolateRuntime as IsolateRuntime, SupervisedIsolateRuntime as default } from './process/service.ts'
export { InProcessIsolateRuntime } from './service.ts'
export { IsolateRuntimeConfigSchema, resolveConfig } from './config.ts'
export { hasNoNodeSnapshot } from './snapshot.ts'
export { stripProgram } from './strip.ts'
export { ISOLATED_VM_LINES, isolatedVmLineFor, resolveIsolatedVm, supportedNodeLines } from './isolate/lines.ts'
export { engineGlobals, programGlobals, REMOVED_GLOBALS } from './guest/globals.ts'
export type { IsolatedVmLine } from './isolate/lines.ts'
export type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from './config.ts'
export type { StripResult } from './strip.ts'
export type { IsolateRunRequest } from './request.ts'
export type { SupervisedRuntimeStats } from './process/service.ts'
export type { PoolStats as IsolateRuntimeStats } from './isolate/stats.ts'
