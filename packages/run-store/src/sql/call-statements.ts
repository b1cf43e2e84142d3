// The statements that write a run's call log (R-118) on both SQL stores, what an open group keeps
// of a call it started, and how the call's outcome joins the call's row.
import type { JsonValue } from '../types.ts'
import { aheadLine } from './ahead-lines.ts'
import type { Param, QueuedWrite, SqlDriver } from './driver.ts'
import type { CallRow } from './rows.ts'

/**
 * Writes a new call ahead when its run exists (and, `held`, is running under the holder given
 * last); changes no row otherwise, or when the call is recorded already.
 */
export function startSql(held: boolean, forUpdate: string): string {
  // why: PostgreSQL types an untyped parameter in a SELECT list as text unless it can infer the
  // target column's; the casts say BIGINT outright. FOR UPDATE (PostgreSQL) locks the run's row as
  // #lockRun does: a claim committing meanwhile is waited for and its new holder re-checked.
  return `INSERT INTO calls (run_id, seq, tool, args, tool_hash, line, col, state, created_at, started_at)
  SELECT ?, CAST(? AS BIGINT), ?, ?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT), 'started', CAST(? AS BIGINT), CAST(? AS BIGINT)
  WHERE EXISTS (SELECT 1 FROM runs WHERE id = ?${held ? ` AND status = 'running' AND claim_holder = ?` : ''}${forUpdate})
  ON CONFLICT DO NOTHING`
}

/** Records a started call's outcome (result, error, time, run id, seq); changes nothing otherwise. */
export const RECORD_DONE = `UPDATE calls SET state = 'done', result = ?, error = ?, done_at = ?
  WHERE run_id = ? AND seq = ? AND state = 'started'`

/**
 * A call's whole row, in a group that knows its run is held and the call new (R-118): started, or
 * done already when its outcome came before the group ran the write (one statement a call).
 */
export const CALL_ROW = `INSERT INTO calls (run_id, seq, tool, args, tool_hash, line, col, state, result, error, created_at, started_at, done_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT DO NOTHING`

/** {@link CALL_ROW}'s parameters for `row` in state `state`, with its outcome. */
export const callRowParams = (
  row: CallRow,
  state: 'started' | 'done',
  result: string | null = null,
  error: string | null = null,
  doneAt: number | null = null,
): Param[] => [
  row.run_id,
  row.seq,
  row.tool,
  row.args,
  row.tool_hash,
  row.line,
  row.col,
  state,
  result,
  error,
  row.created_at,
  row.started_at,
  doneAt,
]

/**
 * A call the open group started: its row, the checked arguments its row was written from, and its
 * queued write while that is there to amend.
 */
export interface StartedCall {
  readonly row: CallRow
  readonly args: JsonValue
  readonly write?: QueuedWrite
}

/** {@link RECORD_DONE}, returning every column of the call but its result and error. */
export const DONE = `${RECORD_DONE}
  RETURNING run_id, seq, tool, args, tool_hash, line, col, state, gate, decision, created_at, started_at, done_at`

/**
 * Queues a call's outcome in open group `group`, which started the call (R-118): into the queued
 * write of its row while that waits, else as a write of its own; false when the group took neither.
 */
export function outcomeInGroup(
  db: SqlDriver,
  group: number,
  started: StartedCall,
  result: string | null,
  error: string | null,
  now: number,
): boolean {
  const doneParams: Param[] = [result, error, now, started.row.run_id, started.row.seq]
  const line = aheadLine('done', doneParams)
  if (started.write !== undefined) {
    const whole = callRowParams(started.row, 'done', result, error, now)
    if (db.amendQueued?.(started.write, whole, line) === true) return true
  }
  return db.queueInGroup?.(group, RECORD_DONE, doneParams, line, false) !== undefined
}
