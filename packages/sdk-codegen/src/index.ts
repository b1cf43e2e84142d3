export { TypeAliases } from './aliases.ts'
export { closestNames } from './closest.ts'
export { DEFAULT_SEARCH_LIMIT, DESCRIBE_MEMBER, MAX_SEARCH_LIMIT, renderCompactSdk, SEARCH_MEMBER } from './compact.ts'
export { CodegenError } from './errors.ts'
/** @public */
export { CodegenErrorCode } from './errors.ts'
export { renderToolGroups } from './groups.ts'
export { TOOL_CALL_ERROR_CLASS, TOOL_CALL_ERROR_TOOL_PROPERTY } from './instructions.ts'
export { renderToolDeclaration, renderToolsSdk } from './render-sdk.ts'
export { jsonSchemaToTs, MAX_SCHEMA_DEPTH } from './schema-to-ts.ts'
export { ToolSearchIndex } from './search.ts'
export { DEFAULT_SDK_BUDGET_BYTES, renderToolsSection, utf8Bytes } from './section.ts'

export type { ToolSchema } from './render-sdk.ts'
