export { createCodeMode } from './create.ts'
export { IsocodeError, IsocodeErrorCode } from './errors.ts'
export type { CodeMode, CodeModeResult, CodeModeTool, JsonValue, RunCodeArgs } from './types.ts'
export type { CodeModeBudgets, CodeModeOptions, McpServerSpec, ToolCallOptions, ToolInput } from './options.ts'
