// Rows of the SQL store's tables as records, and the row a new call gets.
import { idempotencyKey } from '../checks.ts'
import { fromJsonText } from '../json.ts'
import type { CallInput } from '../run-store.ts'
import type { CallEntry, Decision, JsonValue, ProgramRecord, RunRecord, RunStatus } from '../types.ts'
import type { Row } from './driver.ts'

/** The columns of a call's row. */
export type CallRow = ReturnType<typeof callRow>

/** The row of a call written ahead (started) or gated (pending). */
export function callRow(
  runId: string,
  call: CallInput,
  args: string,
  now: number,
  state: 'pending' | 'started',
  gate?: 'approval' | 'review',
) {
  return {
    run_id: runId,
    seq: call.seq,
    tool: call.tool,
    args,
    tool_hash: call.toolHash ?? null,
    line: call.position?.line ?? null,
    col: call.position?.column ?? null,
    state,
    gate: gate ?? null,
    decision: null,
    result: null,
    error: null,
    created_at: now,
    started_at: state === 'started' ? now : null,
    done_at: null,
  }
}

const optional = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value)

/** A `runs` row as a record. */
export function toRun(r: Row): RunRecord {
  const run: RunRecord = {
    id: r['id'] as string,
    status: r['status'] as RunStatus,
    version: Number(r['version']),
    code: r['code'] as string,
    options: fromJsonText(r['options'] as string),
    createdAt: Number(r['created_at']),
    updatedAt: Number(r['updated_at']),
  }
  if (r['result'] !== null) run.result = fromJsonText(r['result'] as string)
  const expiresAt = optional(r['expires_at'])
  if (expiresAt !== undefined) run.expiresAt = expiresAt
  if (r['claim_holder'] !== null) {
    run.claim = { holder: r['claim_holder'] as string, expiresAt: Number(r['claim_expires_at']) }
  }
  return run
}

/** A `calls` row as an entry; a row without `result` and `error` gives an entry without them. */
export function toCall(r: Row): CallEntry {
  return callEntry(r, fromJsonText(r['args'] as string))
}

/**
 * {@link toCall} for a row just written from `args`, the checked value its text was made of, which
 * stands in for parsing that text again.
 */
export function callEntry(r: Row, args: JsonValue): CallEntry {
  const runId = r['run_id'] as string
  const seq = Number(r['seq'])
  const call: CallEntry = {
    runId,
    seq,
    tool: r['tool'] as string,
    args,
    idempotencyKey: idempotencyKey(runId, seq),
    state: r['state'] as CallEntry['state'],
    createdAt: Number(r['created_at']),
  }
  if (r['tool_hash'] !== null) call.toolHash = r['tool_hash'] as string
  if (r['line'] !== null) call.position = { line: Number(r['line']), column: Number(r['col']) }
  if (r['gate'] !== null) call.gate = r['gate'] as 'approval' | 'review'
  if (r['decision'] !== null) call.decision = fromJsonText(r['decision'] as string) as unknown as Decision
  // why: a row may come without its result and error (callDone's RETURNING leaves them out).
  if (typeof r['result'] === 'string') call.result = fromJsonText(r['result'])
  if (typeof r['error'] === 'string') call.error = fromJsonText(r['error'])
  const startedAt = optional(r['started_at'])
  if (startedAt !== undefined) call.startedAt = startedAt
  const doneAt = optional(r['done_at'])
  if (doneAt !== undefined) call.doneAt = doneAt
  return call
}

/** A `programs` row as a record. */
export function toProgram(r: Row): ProgramRecord {
  const program: ProgramRecord = {
    name: r['name'] as string,
    version: Number(r['version']),
    code: r['code'] as string,
    description: r['description'] as string,
    toolHashes: JSON.parse(r['tool_hashes'] as string) as Record<string, string>,
    createdAt: Number(r['created_at']),
    updatedAt: Number(r['updated_at']),
  }
  if (r['input_schema'] !== null) program.inputSchema = fromJsonText(r['input_schema'] as string)
  return program
}
