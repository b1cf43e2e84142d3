// The shapes of durable runs (rules ): a run's outcome, its pending
// calls, decisions on them and what the runs API shows, for `ctx.tools.runs` and the facade's `cm.runs`
// alike. Served as `@isocode/registry/durable-types`, so it imports nothing that reaches Cordis.
import type { JsonValue } from '@isocode/run-store'

/** Why a run failed (or paused): the failure kind, and the program position where known. */
export interface RunError {
  kind: string
  message: string
  line?: number
  column?: number
}

/** A gated call a paused run waits on: its call number, tool, arguments and place in the program. */
export interface PendingCall {
  seq: number
  tool: string
  args: JsonValue
  line?: number
  column?: number
}

interface RunOutcomeBase {
  /** The returned value (absent when nothing was returned). */
  value?: JsonValue
  /** Console lines. */
  logs: string[]
  usage: { cpuMs: number; wallMs: number; toolCalls: number; outputBytes: number }
  /** Model-facing text (logs and value, or the failure explained). */
  text: string
  /** The run's id in the store; absent when the run was not recorded. */
  runId?: string
}

/**
 * What one execution of a run produced: `ok` (true iff completed) and `status` discriminate, and a
 * paused run lists its `pending` calls. The facade's CodeModeResult.
 */
export type RunOutcome =
  | (RunOutcomeBase & { ok: true; status: 'completed'; error?: undefined; pending?: undefined })
  | (RunOutcomeBase & { ok: false; status: 'failed'; error: RunError; pending?: undefined })
  | (RunOutcomeBase & { ok: false; status: 'paused'; runId: string; error: RunError; pending: PendingCall[] })

/** A decision on one pending call: approve (with edited `args`, checked by the tool's schema) or deny with a reason. */
export interface RunDecision {
  seq: number
  approve: boolean
  args?: JsonValue
  reason?: string
}

/** A recorded run as the runs API shows it. */
export interface RunInfo {
  runId: string
  status: 'running' | 'paused' | 'needs-review' | 'completed' | 'failed' | 'cancelled' | 'rolled-back' | 'expired'
  code: string
  createdAt: number
  updatedAt: number
  /** The undecided calls of a paused or needs-review run. */
  pending: PendingCall[]
  /** The result the run ended with, once finished. */
  result?: JsonValue
}

/** Decide, resume and inspect recorded runs (rules ). */
export interface RunsApi {
  /** Record approvals (all pending calls when `decisions` is omitted) and resume; resolves to the next outcome. */
  approve(runId: string, decisions?: readonly RunDecision[]): Promise<RunOutcome>
  /** Deny every pending call (they reach the program as ToolCallError `DENIED`) and resume. */
  reject(runId: string, options?: { reason?: string }): Promise<RunOutcome>
  /** Resume a run whose decisions were recorded elsewhere (another process on the same store). */
  resume(runId: string): Promise<RunOutcome>
  get(runId: string): Promise<RunInfo | undefined>
  list(filter?: { status?: RunInfo['status']; limit?: number }): Promise<RunInfo[]>
  /** Every undecided call across runs, each with its runId. */
  pending(): Promise<Array<PendingCall & { runId: string }>>
  /** End a paused run as `cancelled`. */
  cancel(runId: string): Promise<void>
  /** Call each applied call's `revert(args, result)`, newest first; the run ends `rolled-back`. */
  rollback(
    runId: string,
  ): Promise<{ reverted: number; failures: Array<{ seq: number; tool: string; message: string }> }>
}

/** `needsApproval` of a tool: always, never, or decided per call from its arguments. */
export type ApprovalGate = boolean | ((args: unknown, options?: unknown) => boolean | PromiseLike<boolean>)

/** What durable runs need of a tool beside its definition (rules ). */
export interface DurableToolFacts {
  readonly needsApproval: ApprovalGate
  readonly idempotent: boolean
  /** The tool says it may destroy data (MCP `destructiveHint`, R-117). */
  readonly destructive: boolean
  readonly replay: 'record' | 'reexecute'
  readonly revert: ((args: unknown, result: unknown) => unknown) | undefined
  /** Checks (edited) arguments against the input schema: the violations, none when valid. */
  check(args: unknown): Promise<string[]>
  /** sha-256 of the tool's schemas: a resume refuses a run whose called tool changed. */
  readonly hash: string
}

/** The durable facts of the tools, by name (a live view: tools come and go). */
export interface ToolFacts {
  get(name: string): DurableToolFacts | undefined
}
