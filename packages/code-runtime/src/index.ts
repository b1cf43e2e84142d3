export { CodeRuntime } from './service.ts'
export { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
export type {
  CodeBinding,
  CodeBindingErrorClass,
  CodeBindingNamespace,
  CodeRunFailure,
  CodeRunFailureKind,
  CodeRunRequest,
  CodeRunResult,
  CodeRuntimeIsolation,
  CodeRuntimeLanguage,
  JsonValue,
} from './types.ts'
