export { onAbort } from './abort.ts'
export { observeRun } from './events.ts'
export { validateBindings } from './bindings.ts'
export { standardConfigSchema } from './config-schema.ts'
export { CodeRuntime } from './service.ts'
export { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
export { toLosslessJson } from './json.ts'
export { outputBytesOf, utf8Length, withUsage } from './usage.ts'
export type { ConfigIssue, ConfigResult, ConfigSchema } from './config-schema.ts'
export type { LosslessJsonResult } from './json.ts'
export type {
  CodeBinding,
  CodeBindingConcurrency,
  CodeBindingErrorClass,
  CodeBindingNamespace,
  CodeRunEvent,
  CodeRunFailure,
  CodeRunFailureKind,
  CodeRunRequest,
  CodeRunResult,
  CodeRunUsage,
  CodeRuntimeIsolation,
  CodeRuntimeLanguage,
  JsonValue,
} from './types.ts'
