import type { AuditEntry, CallEntry, JsonValue, ProgramRecord, RunRecord, RunStatus } from './types.ts'

/** What `createRun` takes: the new run is `running`, claimed by `holder`. */
export interface NewRun {
  /** Defaults to a random UUID. */
  id?: string
  code: string
  options?: JsonValue
  holder: string
  /** Lease of the first claim; the store's `leaseMs` by default. */
  leaseMs?: number
}

/** A conditional change of a run: applied only when every `expect` field matches. */
export interface RunTransition {
  expect?: { status?: readonly RunStatus[]; version?: number; holder?: string }
  /** The new status; not `running` (that is what `claim` is for). */
  status?: Exclude<RunStatus, 'running'>
  result?: JsonValue
}

/** Why a conditional write on a run did nothing. */
export type RunConflict = 'not-found' | 'status' | 'version' | 'holder' | 'held' | 'undecided' | 'decided' | 'expired'

/** The outcome of a conditional write: the run as it is now, or why nothing changed. */
export type RunWrite = { ok: true; run: RunRecord } | { ok: false; reason: RunConflict; run?: RunRecord }

/** A call to record in the log (`recordPending`, `callStarted`). */
export interface CallInput {
  seq: number
  tool: string
  args: JsonValue
  toolHash?: string
  position?: { line: number; column: number }
}

/** How a call ended: a result (absent for a tool that returned nothing) or an error. */
export type CallOutcome = { result?: JsonValue } | { error: JsonValue }

/** One decision on a pending call, as a caller gives it. */
export interface DecisionInput {
  seq: number
  approve: boolean
  args?: JsonValue
  reason?: string
}

/** The key-value state programs keep between runs, by scope. Values are JSON. */
export interface StateArea {
  get(scope: string, key: string): Promise<JsonValue | undefined>
  /** Writes a value; over a cap (value, scope bytes, scope keys) it throws and writes nothing. */
  set(scope: string, key: string, value: JsonValue): Promise<void>
  /** Whether a key was there. */
  delete(scope: string, key: string): Promise<boolean>
  /** The scope's keys in code-point order, those starting with `prefix` if given. */
  keys(scope: string, prefix?: string): Promise<string[]>
}

/** What `programs.save` takes. */
export interface ProgramInput {
  name: string
  code: string
  description: string
  inputSchema?: JsonValue
  toolHashes: Record<string, string>
}

/** Saved programs by name; saving an existing name replaces it with the next version. */
export interface ProgramArea {
  save(program: ProgramInput): Promise<ProgramRecord>
  get(name: string): Promise<ProgramRecord | undefined>
  /** Every saved program, by name. */
  list(): Promise<ProgramRecord[]>
  delete(name: string): Promise<boolean>
}

/**
 * Durable runs: the run records, a write-ahead call log, decisions, claims with a lease, recorded
 * nondeterminism, an audit trail, retention, plus state and saved programs. Every backend
 * (`memory:`, `file:`, `postgres://`) and any user object implements it; the conformance kit checks it.
 */
export interface RunStore {
  /** The store's URL, without a password. */
  readonly url: string

  /** Records a new run, `running` and claimed by `holder`; a taken id throws `RUN_EXISTS`. */
  createRun(run: NewRun): Promise<RunRecord>
  /** The run, or undefined; a paused run past its TTL reads as `expired`. */
  getRun(id: string): Promise<RunRecord | undefined>
  /** Runs newest first, filtered by status. */
  listRuns(filter?: { status?: RunStatus | readonly RunStatus[]; limit?: number }): Promise<RunRecord[]>
  /**
   * Changes a run only when `expect` matches (compare-and-set). Entering `paused`/`needs-review`
   * drops the claim and starts the TTL; entering a finished status drops the claim and applies retention.
   */
  updateRun(id: string, change: RunTransition): Promise<RunWrite>

  /**
   * Takes a run to execute it: a paused or needs-review run whose pending calls are all decided, or
   * a running run whose lease ran out (or that `holder` holds already). Among concurrent claimers
   * exactly one gets `ok: true`.
   */
  claim(id: string, holder: string, leaseMs?: number): Promise<RunWrite>
  /** Extends the lease; false when `holder` no longer holds the running run. */
  renew(id: string, holder: string, leaseMs?: number): Promise<boolean>
  /** Gives up the claim so another holder may take the run at once; false when not held by `holder`. */
  release(id: string, holder: string): Promise<boolean>

  /**
   * Records a call the run may not dispatch yet: gated (`approval`), or a started call that may
   * have run before a crash (`review`); either turns a started entry pending again, undecided.
   */
  recordPending(runId: string, call: CallInput & { gate: 'approval' | 'review' }, holder?: string): Promise<CallEntry>
  /**
   * Records a call as started, before it is dispatched (or turns an approved pending call started).
   * With `holder`, refuses with `CLAIM_LOST` unless that holder still holds the running run.
   */
  callStarted(runId: string, call: CallInput, holder?: string): Promise<CallEntry>
  /** Records a started call's result or error; over the cap it throws `VALUE_TOO_LARGE` naming the tool. */
  callDone(runId: string, seq: number, outcome: CallOutcome): Promise<CallEntry>
  /** The run's log, in `seq` order. */
  listCalls(runId: string): Promise<CallEntry[]>
  /** Undecided pending calls of one run, or of every paused and needs-review run (oldest run first). */
  pending(runId?: string): Promise<CallEntry[]>
  /**
   * Records decisions on every undecided pending call of a paused or needs-review run, with an
   * audit line each; the run stays paused until claimed. Decisions that do not name each
   * undecided call exactly once throw `INVALID_DECISIONS` and change nothing.
   */
  decide(
    runId: string,
    decisions: readonly DecisionInput[],
    by: { actor: string; expectVersion?: number },
  ): Promise<RunWrite>
  /** Schema hash of every tool the run called (from its log), by tool name. */
  toolHashes(runId: string): Promise<Record<string, string>>

  /** Appends recorded nondeterminism (time, random, timer values); returns the journal's length. */
  appendJournal(runId: string, entries: readonly JsonValue[]): Promise<number>
  readJournal(runId: string): Promise<JsonValue[]>

  /** Appends a line to the run's audit trail (`decide` writes its own). */
  appendAudit(runId: string, entry: { actor: string; action: string; detail?: JsonValue }): Promise<AuditEntry>
  listAudit(runId: string): Promise<AuditEntry[]>

  /** Expires paused runs past their TTL and prunes finished runs beyond the newest `keepFinished`. */
  sweep(): Promise<{ expired: number; pruned: number }>

  readonly state: StateArea
  readonly programs: ProgramArea

  /** Releases the store's connections; later calls throw `CLOSED`. */
  close(): Promise<void>
}
