export {
  CodeRunFailedError,
  OutputSchemaError,
  RegistryError,
  RegistryErrorCode,
  ToolArgsError,
  ToolResultError,
} from './errors.ts'
export { defineTool } from './schema/define-tool.ts'
export { schemaSpecToJsonSchema } from './schema/to-json-schema.ts'
export { validateArgs } from './schema/validate-args.ts'
export { assertSupportedOutputSchema } from './output-schema/check-schema.ts'
export { validateStructuredValue } from './output-schema/validate.ts'
export type { DefineToolInput, DefinedToolReturn } from './schema/define-tool.ts'
export type { InferArgs, PropertySpec, SchemaSpec, SchemaSpecType } from './schema/spec.ts'
export type { OutputScalar, OutputSchemaNode, StructuredOutputSchema } from './output-schema/types.ts'
export { ToolRegistry } from './service.ts'
export { ToolRegistryConfigSchema } from './config.ts'
export { RUN_CODE } from './store/reserved.ts'
export { explainProgramError } from './code-mode/program-error.ts'
export { failurePosition, RUN_CODE_OUTPUT_SCHEMA, runStructuredContent } from './code-mode/structured.ts'
export { selfContainedRunCodeDescription } from './code-mode/self-contained.ts'
export type { ToolPresentationMode, ToolRegistryConfig } from './config.ts'
export type { ToolsChange, ToolsChangeKind } from './change.ts'
export type { ToolPipelineEvent } from './pipeline/events.ts'
export type { RunEvent, RunEventListener } from './run-event.ts'
export type {
  ContentBlock,
  HookContext,
  JsonObject,
  JsonValue,
  PostToolDecision,
  PreToolDecision,
  ScopeKey,
  ToolDefinition,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
  ToolOutput,
  ToolRestriction,
  ToolSchema,
} from './types.ts'
