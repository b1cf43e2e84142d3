/** Codes of {@link RunStoreError}. */
export const RunStoreErrorCode = {
  /** The store URL does not parse, or a path or schema name in it is empty. */
  INVALID_URL: 'INVALID_URL',
  /** The store URL's scheme is not `memory:`, `file:` or `postgres://`. */
  UNKNOWN_SCHEME: 'UNKNOWN_SCHEME',
  /** The store could not be opened (a file that cannot be created, a server that cannot be reached). */
  OPEN_FAILED: 'OPEN_FAILED',
  /** The store was written by a newer schema version than this package knows. */
  SCHEMA_TOO_NEW: 'SCHEMA_TOO_NEW',
  /** The store was closed. */
  CLOSED: 'CLOSED',
  /** An argument of a store method is malformed (names the field). */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** A value to record or keep is not lossless JSON. */
  NOT_JSON: 'NOT_JSON',
  /** A recorded value (arguments, result, journal entry) is over the store's cap. */
  VALUE_TOO_LARGE: 'VALUE_TOO_LARGE',
  /** A state write would take its scope over the byte or key cap. */
  STATE_SCOPE_FULL: 'STATE_SCOPE_FULL',
  RUN_EXISTS: 'RUN_EXISTS',
  RUN_NOT_FOUND: 'RUN_NOT_FOUND',
  /** A call number was recorded twice, or a pending call was started before it was approved. */
  CALL_EXISTS: 'CALL_EXISTS',
  /** `callDone` for a call that was never recorded as started (or is already done). */
  CALL_NOT_STARTED: 'CALL_NOT_STARTED',
  /** A write that named a claim holder found the run held by another holder, or not running. */
  CLAIM_LOST: 'CLAIM_LOST',
  /** Decisions that do not name every undecided pending call exactly once. */
  INVALID_DECISIONS: 'INVALID_DECISIONS',
} as const

export type RunStoreErrorCode = (typeof RunStoreErrorCode)[keyof typeof RunStoreErrorCode]

/** The one error class of `@isocode/run-store`: misuse, a value over a cap, or a store that cannot open. */
export class RunStoreError extends Error {
  override readonly name = 'RunStoreError'
  constructor(
    readonly code: RunStoreErrorCode,
    message: string,
  ) {
    super(message)
  }
}
