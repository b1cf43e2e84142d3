// why: the name most users load is the safe one. `IsolateRuntime` (also the default export) hosts
// each isolate in a supervised child process, so no program can end the host process; the
// in-process runtime is an explicit opt-in for trusted programs, under a name that says so.
export {
  SupervisedIsolateRuntime,
  SupervisedIsolateRuntime as IsolateRuntime,
  SupervisedIsolateRuntime as default,
} from './supervised/supervised-runtime.ts'
export { InProcessIsolateRuntime } from './in-process/in-process-runtime.ts'
export { resolveConfig } from './engine/config.ts'
export { stripProgram } from './engine/strip-program.ts'
export { ISOLATED_VM_LINES, isolatedVmLineFor, supportedNodeLines } from './isolate/ivm-lines.ts'
export { engineGlobals, programGlobals } from './isolate/globals.ts'
export type { IsolatedVmLine } from './isolate/ivm-lines.ts'
export type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from './engine/config.ts'
