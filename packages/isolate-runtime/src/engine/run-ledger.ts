import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeCallSite, CodeRunResult } from '@isocode/code-runtime'
import { type BindingOutcome, callBinding } from './binding-call.ts'
import { CallScheduler, concurrencyTables } from './call-scheduler.ts'
import { OutputBook } from './output-book.ts'
import type { JournalBook } from './run-journal.ts'
import type { RunOrder } from './run-request.ts'
import { TurnBatch } from './turn-batch.ts'

/** A binding call as the ledger schedules it: which namespace and member, whatever else the owner keeps. */
export interface LedgerCall {
  readonly ns: number
  readonly member: string
  /** Where the program made the call; only when the run keeps a journal (rule RT-52). */
  readonly site?: CodeCallSite
}

/** What a ledger asks of the run that owns it (the in-process run, or a supervised parent's run). */
export interface LedgerOwner<C extends LedgerCall, R> {
  /** Whether calls may still start and their results still be delivered. */
  readonly open: boolean
  /** The JSON arguments of `call`, read when its binding is invoked. */
  argsOf(call: C): unknown
  /** Add the reply to `call` (its outcome) to `replies`, in the owner's wire shape. */
  encode(replies: TurnBatch<R>, call: C, outcome: BindingOutcome): void
  /** A turn after the first reply was queued: send what {@link RunLedger.replies} holds (or leave it for later). */
  flushReplies(): void
}

/**
 * The bookkeeping every run keeps, wherever its program runs: the output book (with the live
 * line tap), the binding calls in flight and their scheduling, the replies batched per host turn,
 * the run's timing and its single settlement. The in-process run and the supervised parent's run
 * both keep it here, so the two cannot drift.
 */
export class RunLedger<C extends LedgerCall, R> {
  /** The lines kept under the output cap (rule RT-21). */
  readonly output: OutputBook
  /** When the run was created (performance.now() ms): its wall time counts from here. */
  readonly startedAt = performance.now()
  private bindingCalls = 0
  private inFlight = 0
  private bindingMs = 0
  private readonly members: readonly Map<string, CodeBinding>[]
  private readonly tap: ((line: string, now: boolean) => void) | undefined
  private readonly bindings: RunOrder['bindings']
  private readonly replay: RunOrder['replay']
  // why: made at the first scheduled call; a run that calls no binding (or forwards them all) needs none.
  private calls: CallScheduler<C> | undefined
  /** The replies of this host turn, handed to the owner's `flushReplies` once it is over. */
  readonly replies: TurnBatch<R>
  private closed = false

  constructor(
    private readonly owner: LedgerOwner<C, R>,
    order: Pick<RunOrder, 'bindings' | 'members' | 'tap' | 'replay'>,
    outputBytes: number,
    /** The run's journal (rule RT-49), only when its request asked for one. */
    readonly journal?: JournalBook,
  ) {
    this.output = new OutputBook(outputBytes)
    this.replies = new TurnBatch(() => this.owner.flushReplies())
    this.members = order.members
    this.tap = order.tap
    this.bindings = order.bindings
    this.replay = order.replay
  }

  /**
   * Keep `line` if it fits the output cap and show it to the live tap (`now`: written by code on
   * this very thread); false, and nothing kept, once it does not fit.
   */
  record(line: string, now: boolean): boolean {
    if (!this.output.add(line)) return false
    if (this.tap === undefined) return true
    try {
      this.tap(line, now)
    } catch {
      // why: a throwing tap is the host's bug; it must not end or corrupt the program's run.
    }
    return true
  }

  /** Queue `call` behind the run's earlier calls (the seam's serial rule and its concurrency limits). */
  schedule(call: C): void {
    this.calls ??= new CallScheduler(
      concurrencyTables(this.bindings),
      (queued) => this.invoke(queued),
      () => this.owner.open,
    )
    this.calls.push(call)
  }

  /**
   * Answer `call` of an open run with the outcome its request holds (rule RT-71), when its number,
   * namespace, member and argument JSON match an entry: no binding runs, nothing is counted as a
   * binding call, and the request's `onServed` is told (a throw of it ignored). False otherwise:
   * the call goes on to its binding.
   */
  answerHeld(call: C, json: string | undefined): boolean {
    const held = this.replay?.checked
    const number = call.site?.call
    if (held === undefined || number === undefined) return false
    const entry = held.calls.get(number)
    if (entry === undefined || entry.member !== call.member || entry.argsJson !== json) return false
    if (entry.global !== this.bindings[call.ns]?.global) return false
    held.onServed(number)
    const { outcome } = entry
    this.owner.encode(this.replies, call, outcome.ok ? { ok: true, value: outcome.value } : outcome)
    return true
  }

  /** Invoke `call`'s binding now, time it, and queue its reply while the run is open; never rejects. */
  async invoke(call: C): Promise<void> {
    this.bindingCalls++
    this.inFlight++
    const began = performance.now()
    const outcome = await callBinding(this.members[call.ns], call.member, () => this.owner.argsOf(call), call.site)
    this.inFlight--
    this.bindingMs += performance.now() - began
    // why: a result for a run that already ended is never delivered (rule RT-16).
    if (!this.owner.open) return
    // why: replies of a Promise.all that settle together reach the program in one batch, in order.
    this.owner.encode(this.replies, call, outcome)
  }

  /** Whether the run has settled (see {@link close}). */
  get settled(): boolean {
    return this.closed
  }

  /** Binding calls invoked and not settled yet: the program is waiting on them. */
  get callsInFlight(): number {
    return this.inFlight
  }

  /** Whether calls wait in the run's queue for earlier ones before reaching their binding. */
  get callsQueued(): boolean {
    return this.calls?.queued ?? false
  }

  /** Drop every call that has not started (the program ended or is being stopped). */
  dropQueued(): void {
    this.calls?.clear()
  }

  /** Wall time since the run was created, ms. */
  elapsedMs(): number {
    return performance.now() - this.startedAt
  }

  /**
   * Settle once: the result with its usage (`cpuMs` as the owner measured it), or undefined when
   * the run already settled. Queued calls and replies are dropped.
   */
  close(outcome: Omit<CodeRunResult, 'usage'>, cpuMs: number, wallMs = this.elapsedMs()): CodeRunResult | undefined {
    if (this.closed) return undefined
    this.closed = true
    this.calls?.clear()
    this.replies.clear()
    const result = withUsage(outcome, {
      cpuMs: roundMs(cpuMs),
      wallMs: roundMs(wallMs),
      bindingCalls: this.bindingCalls,
      bindingMs: roundMs(this.bindingMs),
    })
    // why: rule RT-49: the journal comes back with every result of a journaled run, failed ones too.
    if (this.journal !== undefined) result.journal = this.journal.journal
    return result
  }
}

/** `ms` rounded to the µs, as usage reports it. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
