// why: the facade, CLI and MCP server open their store through these; until they do, the names
// are kept for users (a custom RunStore, a store URL), hence `@public`.
/** @public */
export { openRunStore } from './open.ts'
/** @public */
export { RunStoreError, RunStoreErrorCode } from './errors.ts'
/** @public */
export type { RunStoreOptions } from './options.ts'
/** @public */
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
/** @public */
export type { AuditEntry, CallEntry, Decision, JsonValue, ProgramRecord, RunRecord, RunStatus } from './types.ts'
