/** A lossless JSON value: what the store records and returns. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** Where a run stands. `paused` and `needs-review` wait for decisions; the last five are finished. */
export type RunStatus =
  | 'running'
  | 'paused'
  | 'needs-review'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'rolled-back'
  | 'expired'

/** A run's durable record. `version` grows by one on every change, for compare-and-set. */
export interface RunRecord {
  id: string
  status: RunStatus
  version: number
  /** The program as the model wrote it. */
  code: string
  /** Whatever re-running the program needs (scope, budgets, tool set), opaque to the store. */
  options: JsonValue
  /** The run's final result (opaque JSON); absent until set. */
  result?: JsonValue
  createdAt: number
  updatedAt: number
  /** A paused or needs-review run turns `expired` at this time (epoch ms). */
  expiresAt?: number
  /** Who holds a running run, until when; absent for a run nobody holds. */
  claim?: { holder: string; expiresAt: number }
}

/** A decision recorded on a pending call. */
export interface Decision {
  approve: boolean
  /** Edited arguments to run the call with instead of the recorded ones. */
  args?: JsonValue
  reason?: string
  /** Who decided (a user name, `cli`, an MCP client id). */
  actor: string
  at: number
}

/**
 * One call of the write-ahead log. `pending`: gated, waiting for a decision (not dispatched);
 * `started`: recorded before dispatch; `done`: its result or error recorded after.
 */
export interface CallEntry {
  runId: string
  seq: number
  tool: string
  args: JsonValue
  /** `${runId}:${seq}`: the key passed to the tool so it can deduplicate itself. */
  idempotencyKey: string
  /** Hash of the tool's schema when the run called it. */
  toolHash?: string
  /** line:column of the call in the program. */
  position?: { line: number; column: number }
  state: 'pending' | 'started' | 'done'
  /** Why a pending call waits: an approval gate, or a call that may have run before a crash. */
  gate?: 'approval' | 'review'
  decision?: Decision
  /** The recorded result of a done call without error (absent when the tool returned nothing). */
  result?: JsonValue
  /** The recorded error of a failed call. */
  error?: JsonValue
  createdAt: number
  startedAt?: number
  doneAt?: number
}

/** One line of a run's audit trail: who did what, when. */
export interface AuditEntry {
  runId: string
  index: number
  at: number
  actor: string
  /** `approve`, `reject`, or what the caller names (`cancel`, `rollback`, `resume`). */
  action: string
  detail?: JsonValue
}

/** A saved program (replaced by saving again under its name, with the next version). */
export interface ProgramRecord {
  name: string
  version: number
  code: string
  description: string
  inputSchema?: JsonValue
  /** Schema hash of every tool the program calls, by tool name. */
  toolHashes: Record<string, string>
  createdAt: number
  updatedAt: number
}
