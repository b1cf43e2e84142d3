export { createCodeMode } from './create.ts'
export { IsocodeError } from './errors.ts'
/** @public */
export { IsocodeErrorCode } from './errors.ts'
export type { CodeMode, CodeModeResult } from './types.ts'
/** @public */
export type { CodeModeError, CodeModeTool, JsonValue, RunCodeArgs } from './types.ts'
export type { CodeModeOptions, ToolInput } from './options.ts'
/** @public */
export type { CodeModeBudgets, McpServerSpec, ToolCallOptions } from './options.ts'
/** @public */
export type { CodeModeEvent, CodeModeStreamItem, RunOptions, StreamOptions } from './types.ts'
/** @public */
export type { CodeModeRuns, PendingCall, RunDecision, RunInfo } from './types.ts'
/** @public */
export type { CodeModePrograms, ProgramSource, SavedProgram, SaveProgramOptions } from './types.ts'
