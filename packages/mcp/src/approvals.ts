// Durable approvals over MCP (rules R-143 to R-146): the seam `serve` plugs its recorded runs into,
// run_code's paused result, the run_resume tool, and the elicitation form for pending calls.
import type { ElicitRequest, ElicitResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { RunEventListener, ToolExecutionResult } from '@isocode/registry'

/** The name of the tool that resumes a paused run once its decisions are recorded (R-144). */
export const RUN_RESUME = 'run_resume'

/** One gated call a paused run waits on: its number, tool, arguments and place in the program. */
export interface ServePendingCall {
  seq: number
  tool: string
  args: unknown
  line?: number | undefined
  column?: number | undefined
}

/** A decision on one pending call, as an elicitation answer gives it. */
export interface ServeDecision {
  seq: number
  approve: boolean
  reason?: string
}

/** One call of run_code or run_resume handed to {@link ServeApprovals}. */
export interface ApprovalCall {
  name: string
  arguments: unknown
  callId: string
  onRunEvent?: RunEventListener | undefined
  /** The state scope of the run (R-127): `_meta.scope`, the session, or undefined for `default`. */
  scope?: string | undefined
  /** Runs one execution of the program in a run slot (the HTTP server's limiter), with the request's signal. */
  slot(task: (signal: AbortSignal) => Promise<ToolExecutionResult>): Promise<ToolExecutionResult>
  /**
   * Asks the client about pending calls (present only when it declared elicitation); resolves to
   * the decisions, or undefined when nobody answered within the wait (the run is parked, R-143).
   */
  elicit?: ((pending: readonly ServePendingCall[]) => Promise<ServeDecision[] | undefined>) | undefined
}

/** What run_code or run_resume answers: the parts of a registry result an MCP result is made of. */
export type ServeResult = Pick<ToolExecutionResult, 'content' | 'isError' | 'structuredContent'>

/** What `serve` plugs into the MCP server when runs are recorded: run_code's pauses and run_resume. */
export interface ServeApprovals {
  /** Longest wait for an elicitation answer, in ms (`--approval-wait-s`). */
  readonly waitMs: number
  /** Handles run_code and run_resume; every other tool goes to the registry as before. */
  call(call: ApprovalCall): Promise<ServeResult>
}

/** The run_resume tool (offered only with {@link ServeApprovals}, R-144). */
export const RUN_RESUME_TOOL: Tool = {
  name: RUN_RESUME,
  description:
    'Resume a run_code run that paused for approval, once the user recorded decisions on its calls (the run is replayed: earlier calls are not made again). Before that it answers that the run is still waiting and runs nothing; it never approves anything itself.',
  inputSchema: {
    type: 'object',
    properties: { runId: { type: 'string', description: 'The runId of the paused run_code result.' } },
    required: ['runId'],
    additionalProperties: false,
  },
}

/** run_code's outputSchema with the durable fields (R-144): status, runId and pending. */
export function durableOutputSchema(base: Tool['outputSchema']): Tool['outputSchema'] {
  const schema = (base ?? { type: 'object', properties: {} }) as NonNullable<Tool['outputSchema']>
  return {
    ...schema,
    properties: {
      ...schema.properties,
      status: {
        type: 'string',
        enum: ['completed', 'failed', 'paused'],
        description: 'paused: calls wait for approval by the user; see pending and runId.',
      },
      runId: { type: 'string', description: 'The recorded run; give it to run_resume once the user decided.' },
      pending: {
        type: 'array',
        description: 'The calls waiting for approval (status paused).',
        items: {
          type: 'object',
          properties: {
            seq: { type: 'integer' },
            tool: { type: 'string' },
            args: {},
            line: { type: 'integer' },
            column: { type: 'integer' },
          },
          required: ['seq', 'tool', 'args'],
        },
      },
    },
  }
}

/** One pending call on one line: `call 2  tools.send_email({...}) at 2:14`. */
export function pendingText(call: ServePendingCall): string {
  const at = call.line === undefined ? '' : ` at ${call.line}:${call.column ?? 0}`
  return `call ${call.seq}  tools.${call.tool}(${JSON.stringify(call.args)})${at}`
}

const approveKey = (seq: number): string => `approve_${seq}`
const reasonKey = (seq: number): string => `reason_${seq}`

/** The `elicitation/create` params asking approve or deny for each pending call (R-143). */
export function elicitationParams(pending: readonly ServePendingCall[]): ElicitRequest['params'] {
  const properties: Record<string, unknown> = {}
  for (const call of pending) {
    const at = call.line === undefined ? '' : ` (line ${call.line}:${call.column ?? 0})`
    properties[approveKey(call.seq)] = {
      type: 'boolean',
      title: `Approve call ${call.seq}: ${call.tool}${at}`,
      description: `tools.${call.tool}(${JSON.stringify(call.args)})`,
      default: false,
    }
    properties[reasonKey(call.seq)] = { type: 'string', title: `Reason for call ${call.seq} (optional)` }
  }
  return {
    message: `A program wants to make ${pending.length === 1 ? 'a call that needs' : `${pending.length} calls that need`} your approval:\n${pending.map((call) => `  ${pendingText(call)}`).join('\n')}`,
    requestedSchema: {
      type: 'object',
      properties: properties as never,
      required: pending.map((call) => approveKey(call.seq)),
    },
  } as ElicitRequest['params']
}

/**
 * The decisions an elicitation answer gives: `accept` decides each call by its checkbox (unticked
 * denies); `decline` and `cancel` deny every call. Nothing else approves a call (R-145).
 */
export function decisionsOf(pending: readonly ServePendingCall[], answer: ElicitResult): ServeDecision[] {
  const content = answer.action === 'accept' ? (answer.content ?? {}) : {}
  return pending.map((call) => {
    const approve = answer.action === 'accept' && content[approveKey(call.seq)] === true
    const given = content[reasonKey(call.seq)]
    const reason = typeof given === 'string' && given.trim() !== '' ? given.trim() : undefined
    if (approve) return reason === undefined ? { seq: call.seq, approve } : { seq: call.seq, approve, reason }
    return { seq: call.seq, approve, reason: reason ?? `denied by the user (${answer.action})` }
  })
}
