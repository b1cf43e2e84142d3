export { onAbort } from './abort.ts'
export { consoleTap, observeRun } from './events.ts'
export { bindingErrorCode, validateBindings } from './bindings.ts'
export { standardConfigSchema } from './config-schema.ts'
export { CodeRuntime } from './service.ts'
export { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
export { toLosslessJson } from './json.ts'
export { showValue } from './show-value.ts'
export { isPlainObject } from './plain-object.ts'
export { checkJournal, JOURNAL_LIMIT } from './journal.ts'
export { checkReplay } from './replay.ts'
export type { CheckedReplay } from './replay.ts'
export { outputBytesOf, withUsage } from './usage.ts'
/** @public */
export { utf8Length } from './usage.ts'
export type { ConfigIssue, ConfigSchema } from './config-schema.ts'
export type {
  CodeBinding,
  CodeCallOutcome,
  CodeCallSite,
  CodeBindingNamespace,
  CodeReplay,
  CodeReplayCall,
  CodeRunEvent,
  CodeRunFailure,
  CodeRunFailureKind,
  CodeRunRequest,
  CodeRunResult,
  CodeRunUsage,
  JsonValue,
  RunJournal,
} from './types.ts'
