// `@isocode/isolate-runtime/internal`: names the package's own tests and tools use. Not part of
// the public API; they may change in any release.
export { IsolateRuntimeConfigSchema } from './engine/config.ts'
export { hasNoNodeSnapshot } from './engine/node-snapshot.ts'
export { resolveIsolatedVm } from './isolate/ivm-lines.ts'
export { REMOVED_GLOBALS } from './isolate/globals.ts'
export { blankSpaceStrip } from './engine/strip-program.ts'
export { hasNodeStripper, nodeStrip } from './engine/node-strip.ts'
export { isPlainJavaScript } from './engine/plain-program.ts'
export type { StripResult } from './engine/strip-program.ts'
export type { IsolateRunRequest } from './engine/run-request.ts'
export type { SupervisedRuntimeStats } from './supervised/supervised-runtime.ts'
export type { PoolStats as IsolateRuntimeStats } from './isolate/pool-stats.ts'
