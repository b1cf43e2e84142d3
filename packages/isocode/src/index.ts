export { createCodeMode } from './create.ts'
export { IsocodeError, IsocodeErrorCode } from './errors.ts'
export type { CodeMode, CodeModeEvent, CodeModeResult, CodeModeStreamItem, CodeModeTool, JsonValue, RunCodeArgs, RunOptions, StreamOptions } from './types.ts'
export type { CodeModeBudgets, CodeModeOptions, McpServerSpec, ToolCallOptions, ToolInput } from './options.ts'
