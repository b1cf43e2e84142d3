export {
  CodeRunFailedError,
  OutputSchemaError,
  RegistryError,
  RegistryErrorCode,
  ToolArgsError,
} from './errors.ts'
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
export type {
  FileDiff,
  ToolCallView,
  ToolKind,
  ToolLocation,
  ToolResultSnapshot,
  ToolResultView,
} from './presentation/views.ts'
