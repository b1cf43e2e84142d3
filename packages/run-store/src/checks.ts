import { RunStoreError } from './errors.ts'
import { capRecord, toJsonText } from './json.ts'
import type { CallInput, DecisionInput, ProgramInput, RunTransition } from './run-store.ts'
import type { JsonValue, ProgramRecord, RunStatus } from './types.ts'

/** Statuses after which a run never changes again except by pruning. */
export const finishedStatuses: readonly RunStatus[] = ['completed', 'failed', 'cancelled', 'rolled-back', 'expired']
/** Statuses that wait for decisions (and expire after the TTL). */
export const waitingStatuses: readonly RunStatus[] = ['paused', 'needs-review']
const allStatuses: readonly RunStatus[] = ['running', ...waitingStatuses, ...finishedStatuses]

export const idempotencyKey = (runId: string, seq: number): string => `${runId}:${seq}`

export function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new RunStoreError('INVALID_ARGUMENT', `${field} must be a non-empty string`)
  }
  return value
}

export function requireCount(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new RunStoreError('INVALID_ARGUMENT', `${field} must be a non-negative integer`)
  }
  return value as number
}

export function checkStatuses(statuses: readonly unknown[], field: string): RunStatus[] {
  for (const s of statuses) {
    if (!allStatuses.includes(s as RunStatus)) {
      throw new RunStoreError('INVALID_ARGUMENT', `${field} must be one of ${allStatuses.join(', ')}; got ${String(s)}`)
    }
  }
  return statuses as RunStatus[]
}

export function checkTransition(change: RunTransition): void {
  if (change.status !== undefined) {
    if ((change.status as RunStatus) === 'running') {
      throw new RunStoreError('INVALID_ARGUMENT', 'updateRun cannot set status "running"; claim the run instead')
    }
    checkStatuses([change.status], 'change.status')
  }
  if (change.expect?.status !== undefined) checkStatuses(change.expect.status, 'change.expect.status')
}

export function checkCall(call: CallInput): void {
  requireCount(call.seq, 'call.seq')
  requireText(call.tool, 'call.tool')
  if (call.position !== undefined) {
    requireCount(call.position.line, 'call.position.line')
    requireCount(call.position.column, 'call.position.column')
  }
}

/** Decisions must name each undecided pending call exactly once; throws `INVALID_DECISIONS` otherwise. */
export function checkDecisions(runId: string, undecided: readonly number[], decisions: readonly DecisionInput[]): void {
  if (!Array.isArray(decisions)) throw invalidDecisions(runId, 'decisions must be an array')
  const open = new Set(undecided)
  const seen = new Set<number>()
  for (const [i, d] of decisions.entries()) {
    if (typeof d !== 'object' || d === null || typeof d.approve !== 'boolean' || !Number.isSafeInteger(d.seq)) {
      throw invalidDecisions(runId, `decisions[${i}] must be { seq: integer, approve: boolean, args?, reason? }`)
    }
    if (d.reason !== undefined && typeof d.reason !== 'string') {
      throw invalidDecisions(runId, `decisions[${i}].reason must be a string`)
    }
    if (seen.has(d.seq)) throw invalidDecisions(runId, `decisions[${i}] decides call ${d.seq} twice`)
    if (!open.has(d.seq)) throw invalidDecisions(runId, `decisions[${i}]: call ${d.seq} is not a pending call`)
    seen.add(d.seq)
  }
  const missing = undecided.filter((seq) => !seen.has(seq))
  if (missing.length > 0) {
    throw invalidDecisions(runId, `every pending call must be decided; undecided: ${missing.join(', ')}`)
  }
}

function invalidDecisions(runId: string, message: string): RunStoreError {
  return new RunStoreError('INVALID_DECISIONS', `run ${runId}: ${message}`)
}

/** The audit detail of one decision. */
export function decisionDetail(tool: string, d: DecisionInput): JsonValue {
  const detail: Record<string, JsonValue> = { seq: d.seq, tool }
  if (d.args !== undefined) detail['args'] = d.args
  if (d.reason !== undefined) detail['reason'] = d.reason
  return detail
}

/** Checks a program to save; returns its stored fields. */
export function checkProgram(
  program: ProgramInput,
  cap: number,
): Omit<ProgramRecord, 'version' | 'createdAt' | 'updatedAt'> {
  requireText(program?.name, 'program.name')
  if (typeof program.code !== 'string') throw new RunStoreError('INVALID_ARGUMENT', 'program.code must be a string')
  if (typeof program.description !== 'string') {
    throw new RunStoreError('INVALID_ARGUMENT', 'program.description must be a string')
  }
  const hashes = program.toolHashes
  if (typeof hashes !== 'object' || hashes === null || Object.values(hashes).some((h) => typeof h !== 'string')) {
    throw new RunStoreError('INVALID_ARGUMENT', 'program.toolHashes must be an object of strings by tool name')
  }
  capRecord(program.code, cap, `the code of program "${program.name}"`)
  const record: Omit<ProgramRecord, 'version' | 'createdAt' | 'updatedAt'> = {
    name: program.name,
    code: program.code,
    description: program.description,
    toolHashes: { ...hashes },
  }
  if (program.inputSchema !== undefined) {
    toJsonText(program.inputSchema, 'program.inputSchema')
    record.inputSchema = structuredClone(program.inputSchema)
  }
  return record
}
