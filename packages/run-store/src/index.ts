export { openRunStore } from './open.ts'
export { RunStoreError } from './errors.ts'
/** @public */
export { RunStoreErrorCode } from './errors.ts'
export type { RunStoreOptions } from './options.ts'
export type {
  CallInput,
  CallOutcome,
  DecisionInput,
  NewRun,
  ProgramArea,
  ProgramInput,
  RunConflict,
  RunStore,
  RunTransition,
  RunWrite,
  StateArea,
} from './run-store.ts'
export type { AuditEntry, CallEntry, Decision, JsonValue, ProgramRecord, RunRecord, RunStatus } from './types.ts'
