export { TypeAliases } from './aliases.ts'
export { CodegenError, CodegenErrorCode } from './errors.ts'
export { SDK_INSTRUCTIONS, TOOL_CALL_ERROR_CLASS, TOOL_CALL_ERROR_TOOL_PROPERTY } from './instructions.ts'
export { renderToolsSdk } from './render-sdk.ts'
export { jsonSchemaToTs, MAX_SCHEMA_DEPTH } from './schema-to-ts.ts'

export type { PendingAlias, TypeAlias } from './aliases.ts'
export type { RenderToolsSdkOptions, ToolSchema } from './render-sdk.ts'
export type { JsonSchemaToTsOptions } from './schema-to-ts.ts'
