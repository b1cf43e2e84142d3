export { OutputSchemaError, RegistryError, ToolArgsError, ToolResultError } from './errors.ts'
/** @public */
export { CodeRunFailedError, RegistryErrorCode } from './errors.ts'
export { defineTool } from './schema/define-tool.ts'
export { schemaSpecToJsonSchema } from './schema/to-json-schema.ts'
export { unknownKeyHints } from './schema/unknown-keys.ts'
export { validateArgs } from './schema/validate-args.ts'
export { assertSupportedOutputSchema } from './output-schema/check-schema.ts'
export { validateStructuredValue } from './output-schema/validate.ts'
export type { DefinedToolReturn } from './schema/define-tool.ts'
export type { InferArgs, PropertySpec, SchemaSpec } from './schema/spec.ts'
export type { OutputSchemaNode, StructuredOutputSchema } from './output-schema/types.ts'
export { ToolRegistry } from './service.ts'
export { RunStoreService } from './durable/service.ts'
/** @public */
export type { RunStoreConfig } from './durable/service.ts'
/** @public */
export type { PendingCall, RunDecision, RunError, RunInfo, RunOutcome, RunsApi } from './durable/types.ts'
export { RUN_CODE } from './store/reserved.ts'
export { explainProgramError } from './code-mode/program-error.ts'
export { contentToText } from './code-mode/result-text.ts'
export { RUN_CODE_OUTPUT_SCHEMA } from './code-mode/structured.ts'
export { selfContainedRunCodeDescription } from './code-mode/self-contained.ts'
export type { ToolPresentationMode, ToolRegistryConfig } from './config.ts'
export type { ToolsChange } from './change.ts'
export type { ProgramLibrary, SavedProgram } from './code-mode/programs/library.ts'
/** @public */
export type { ProgramStaleness, ProgramStore } from './code-mode/programs/library.ts'
/** @public */
export type { ToolPipelineEvent } from './pipeline/events.ts'
export type { RunEvent, RunEventListener } from './run-event.ts'
export type {
  ContentBlock,
  DurableCall,
  DurableStep,
  JsonObject,
  JsonValue,
  PostToolDecision,
  PreToolDecision,
  ReplayableCall,
  RunDurability,
  ToolAnnotations,
  ToolDefinition,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
  ToolOutput,
  ToolSchema,
} from './types.ts'
/** @public */
export type { DurableFailure, HookContext, ToolRestriction } from './types.ts'
