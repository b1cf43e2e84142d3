// One execution of a durable run, as the registry's bridge sees it: each call is replayed from the
// log, run for real (recorded before and after), or stops the run (a pause, a divergence).
import type { RunJournal } from '@isocode/code-runtime'
import type { CallEntry, CallInput, JsonValue, RunStore } from '@isocode/run-store'
import type {
  DurableCall,
  DurableFailure,
  DurableStep,
  ReplayableCall,
  RunDurability,
  ToolExecutionResult,
} from '../types.ts'
import { firstDifference } from './difference.ts'
import type { DurableToolFacts, PendingCall, ToolFacts } from './types.ts'

/** How a durable execution stopped the program, if it did. */
export type Stop =
  | { kind: 'paused' | 'needs-review'; pending: PendingCall[] }
  | { kind: 'replay-divergence'; message: string; line?: number; column?: number }
  | { kind: 'store'; message: string }

const where = (call: { line?: number; column?: number }): string =>
  call.line === undefined ? '' : ` (at ${call.line}:${call.column ?? 0})`

const pendingOf = (call: DurableCall): PendingCall => {
  const out: PendingCall = { seq: call.seq, tool: call.tool, args: call.args }
  if (call.line !== undefined) out.line = call.line
  if (call.column !== undefined) out.column = call.column
  return out
}

/** A failed call result as the program sees it (a ToolCallError with `code`). */
function failure(callId: string, code: string, text: string): ToolExecutionResult {
  return { callId, content: [{ type: 'text', text }], isError: true, error: { name: 'ToolError', code } }
}

/** What one execution of a durable run needs: its store, run, holder and the tools it may call. */
export interface RecorderHost {
  readonly store: RunStore
  readonly runId: string
  readonly holder: string
  readonly tools: ToolFacts
  /** The idempotency key of each dispatched sub-call, by callId (read by the tools' execute). */
  readonly keys: Map<string, string>
  /**
   * Whether a live approval service is there to answer (R-149): a gated call is then dispatched
   * and asked in the pipeline, and pauses only when no one answers (R-114). Absent: never.
   */
  readonly liveApproval?: () => boolean
}

/** The registry-facing side of one execution (rules R-110 to R-113). */
export class Recorder implements RunDurability {
  readonly journal: Partial<RunJournal>
  stop: Stop | undefined
  /** The journal the program ended with. */
  recorded: RunJournal | undefined
  private readonly used = new Set<number>()
  private readonly pending: PendingCall[] = []
  private readonly callIds: string[] = []
  private readonly decided = new Set<string>()

  constructor(
    private readonly host: RecorderHost,
    private readonly calls: ReadonlyMap<number, CallEntry>,
    journal: Partial<RunJournal>,
    /** Console lines earlier executions of the run already printed (R-116). */
    readonly reportedLines = 0,
  ) {
    this.journal = journal
  }

  approved(callId: string): boolean {
    return this.decided.has(callId)
  }

  replayable(): ReplayableCall[] {
    const out: ReplayableCall[] = []
    for (const entry of this.calls.values()) {
      // why: R-111 — only an outcome the log holds is served again; a tool gone, or one re-run on
      // replay (`replay: 'reexecute'`), goes through step like any pending or started call.
      const meta = this.host.tools.get(entry.tool)
      if (entry.state !== 'done' || meta === undefined || meta.replay === 'reexecute') continue
      out.push({ seq: entry.seq, tool: entry.tool, args: entry.args, result: replayed('', entry) })
    }
    return out
  }

  served(seq: number): boolean {
    const entry = this.calls.get(seq)
    if (entry?.state !== 'done' || this.used.has(seq)) return false
    this.used.add(seq)
    return true
  }

  /** Forget the keys of this execution's sub-calls. */
  dispose(): void {
    for (const id of this.callIds) this.host.keys.delete(id)
  }

  async step(call: DurableCall): Promise<DurableStep> {
    try {
      return await this.decide(call)
    } catch (error) {
      // why: R-113 — a store refusal (a value over its cap, a lost claim) ends the run as a value.
      this.stop ??= {
        kind: 'store',
        message: `tools.${call.tool}: ${error instanceof Error ? error.message : String(error)}`,
      }
      return { kind: 'stop' }
    }
  }

  private async decide(call: DurableCall): Promise<DurableStep> {
    if (this.stop !== undefined && this.stop.kind !== 'paused' && this.stop.kind !== 'needs-review')
      return { kind: 'stop' }
    const { store, runId, holder } = this.host
    const meta = this.host.tools.get(call.tool)
    const recorded = this.calls.get(call.seq)
    if (recorded !== undefined) {
      this.used.add(call.seq)
      const diverged = this.divergence(call, recorded)
      if (diverged !== undefined) {
        this.stop = diverged
        return { kind: 'stop' }
      }
      if (recorded.state === 'pending') {
        const decision = recorded.decision
        if (decision === undefined) return this.pause(call, 'paused')
        // why: R-111 — a denied call reaches the program as ToolCallError DENIED, on every replay.
        if (!decision.approve)
          return {
            kind: 'replay',
            result: failure(
              call.callId,
              'DENIED',
              `tool "${call.tool}" was denied${decision.reason === undefined ? '' : `: ${decision.reason}`}`,
            ),
          }
        await store.callStarted(runId, { ...callInput(call, meta), args: recorded.args }, holder)
        this.decided.add(call.callId)
        return this.run(call, decision.args ?? recorded.args, true)
      }
      if (recorded.state === 'started') {
        // why: R-112 — started, never done: the process died while it ran; only an idempotent tool runs again.
        if (meta?.idempotent === true) return this.run(call, recorded.decision?.args ?? recorded.args, true, true)
        await store.recordPending(
          runId,
          { seq: call.seq, tool: call.tool, args: recorded.args, gate: 'review' },
          holder,
        )
        return this.pause(call, 'needs-review')
      }
      if (meta?.replay === 'reexecute') return this.run(call, recorded.decision?.args ?? recorded.args, false, true)
      return { kind: 'replay', result: replayed(call.callId, recorded) }
    }
    const input = callInput(call, meta)
    // why: R-149 — a live answer wins: with an approval service the call goes on to the pipeline,
    // which asks it (and parks the call, R-114, when no one answers).
    const gate = this.stop === undefined && this.host.liveApproval?.() === true ? false : gated(meta, call.args)
    // why: a boolean gate (most tools) is answered without an await, which would cost a microtask.
    if (gate === true || (gate !== false && (await gate))) {
      await store.recordPending(runId, { ...input, gate: 'approval' }, holder)
      return this.pause(call, 'paused')
    }
    // why: R-110 — after a pause nothing new runs: the call is neither dispatched nor recorded.
    if (this.stop !== undefined) return { kind: 'stop' }
    await store.callStarted(runId, input, holder)
    // why: R-113 — a `replay: 'reexecute'` tool's outcome is not stored (it runs again on replay):
    // the call is only marked done, so a large read never meets the store's cap.
    return this.run(call, call.args, meta?.replay === 'reexecute' ? 'state' : true)
  }

  private pause(call: DurableCall, kind: 'paused' | 'needs-review'): DurableStep {
    this.pending.push(pendingOf(call))
    // why: R-110 — every gated call reached in the same host turn pauses with the first.
    if (this.stop === undefined || kind === 'needs-review') this.stop = { kind, pending: this.pending }
    return { kind: 'stop' }
  }

  /** `record`: store the outcome (true), mark the call done without it ('state'), or neither (false). */
  private run(call: DurableCall, args: JsonValue, record: boolean | 'state', again = false): DurableStep {
    const { store, runId } = this.host
    this.host.keys.set(call.callId, `${runId}:${call.seq}`)
    this.callIds.push(call.callId)
    // why: a recorded call run again ran under an earlier approval; the pipeline does not ask again.
    if (again) this.decided.add(call.callId)
    return {
      kind: 'run',
      args,
      // why: R-116 — a recorded call run again is reported as such.
      ...(again ? { replayed: true } : {}),
      done: async (result) => {
        // why: R-114 — a policy asked and no live approver answered: the call is pending, the run pauses.
        if (result.isError && result.error?.code === 'APPROVAL_REQUIRED') {
          try {
            await store.recordPending(
              runId,
              { ...callInput(call, this.host.tools.get(call.tool)), gate: 'approval' },
              this.host.holder,
            )
            this.pause(call, 'paused')
          } catch (error) {
            this.stop ??= {
              kind: 'store',
              message: `tools.${call.tool}: ${error instanceof Error ? error.message : String(error)}`,
            }
          }
          return false
        }
        if (record === false) return true
        // why: a pipeline result is lossless JSON already (R-27, frozen) and the store copies what
        // it keeps, so it is handed over as it is.
        const stored = record === 'state' ? undefined : (result as unknown as JsonValue)
        try {
          await store.callDone(
            runId,
            call.seq,
            stored === undefined ? {} : result.isError ? { error: stored } : { result: stored },
          )
          return true
        } catch (error) {
          this.stop ??= {
            kind: 'store',
            message: `the result of tools.${call.tool} (call ${call.seq}) could not be recorded: ${error instanceof Error ? error.message : String(error)}`,
          }
          return false
        }
      },
    }
  }

  private divergence(call: DurableCall, recorded: CallEntry): Stop | undefined {
    const at = `call ${call.seq}${where(call)}`
    const base = {
      kind: 'replay-divergence' as const,
      ...(call.line === undefined ? {} : { line: call.line, column: call.column ?? 0 }),
    }
    if (recorded.tool !== call.tool)
      return {
        ...base,
        message: `replay diverged at ${at}: the recorded run called tools.${recorded.tool}, this one tools.${call.tool}`,
      }
    const diff = firstDifference(recorded.args, call.args)
    if (diff === undefined) return undefined
    return {
      ...base,
      message: `replay diverged at ${at}: tools.${call.tool} was called with ${diff.path} = ${show(diff.now)}, recorded ${show(diff.was)}`,
    }
  }

  async end(ended: { journal?: RunJournal; failed: boolean }): Promise<DurableFailure | undefined> {
    this.recorded = ended.journal
    const stop = this.stop
    if (stop === undefined) {
      const unused = [...this.calls.values()].filter((c) => !this.used.has(c.seq))
      const first = unused[0]
      if (first === undefined) return undefined
      const line = first.position === undefined ? {} : { line: first.position.line, column: first.position.column }
      this.stop = {
        kind: 'replay-divergence',
        message: `replay diverged: the program ended before recorded call ${first.seq} (tools.${first.tool}${first.position === undefined ? '' : ` at ${first.position.line}:${first.position.column}`}) was made`,
        ...line,
      }
      return { kind: 'replay-divergence', message: this.stop.message }
    }
    if (stop.kind === 'paused' || stop.kind === 'needs-review')
      return {
        kind: stop.kind,
        message: `the run paused: ${stop.pending.map((p) => `tools.${p.tool} (call ${p.seq}${where(p)})`).join(', ')} ${stop.kind === 'paused' ? 'needs approval' : 'may have run before a crash and needs review'}`,
      }
    return { kind: stop.kind, message: (stop as { message: string }).message }
  }
}

const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value))

/** A call as the store records it: with its tool's schema hash and its line:column where known. */
function callInput(call: DurableCall, meta: DurableToolFacts | undefined): CallInput {
  const input: CallInput = { seq: call.seq, tool: call.tool, args: call.args }
  if (meta !== undefined) input.toolHash = meta.hash
  if (call.line !== undefined) input.position = { line: call.line, column: call.column ?? 0 }
  return input
}

/** Whether the call needs approval; answered without a promise when the tool's gate is a boolean. */
function gated(meta: DurableToolFacts | undefined, args: JsonValue): boolean | Promise<boolean> {
  if (meta === undefined) return false
  const gate = meta.needsApproval
  if (typeof gate === 'boolean') return gate
  return Promise.resolve(gate(args, { toolCallId: '', messages: [] })).then((answer) => answer === true)
}

/** A recorded outcome served again (rule R-111). */
function replayed(callId: string, entry: CallEntry): ToolExecutionResult {
  const stored = (entry.error ?? entry.result) as unknown as ToolExecutionResult | undefined
  if (stored === undefined) return { callId, content: [], isError: false }
  return { ...stored, callId }
}
