export { APPROVAL_OUTCOMES, ApprovalService } from './approval.ts'
export { configSchema } from './config-schema.ts'
export { standardConfigSchema } from '@isocode/code-runtime'
export { HarnessError } from './errors.ts'
export { createAgentScope, scopeOf, scopeTarget } from './scope.ts'
export { SessionSink } from './session.ts'
export { SystemPrompt } from './system-prompt/service.ts'
export type { Approval, ApprovalOutcome, ApprovalRequestOptions, ApprovalSubject } from './approval.ts'
export type { ConfigIssue, ConfigSchema } from './config-schema.ts'
export type { JsonObject, JsonValue } from './json.ts'
export type { AgentScope, ScopedCarrier } from './scope.ts'
export type { ScopeKey } from './scope-key.ts'
export type { SessionEvent } from './session.ts'
export type {
  PromptAssembly,
  PromptDraft,
  PromptSection,
  SectionOptions,
  SystemPromptConfig,
  ToolProvider,
  ToolProviderOptions,
  ToolSchema,
} from './system-prompt/types.ts'
