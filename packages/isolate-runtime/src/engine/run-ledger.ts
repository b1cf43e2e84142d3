import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeBindingNamespace, CodeCallSite, CodeRunResult } from '@isocode/code-runtime'
import { type BindingOutcome, callBinding, memberTables } from './binding-call.ts'
import { CallScheduler, concurrencyTables } from './call-scheduler.ts'
import { OutputBook } from './output-book.ts'
import type { JournalBook } from './run-journal.ts'

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
  /** Append the reply to `call` (its outcome) to `outbox`, in the owner's wire shape. */
  encode(outbox: R[], call: C, outcome: BindingOutcome): void
  /** A turn after the first reply was queued: send what {@link RunLedger.takeReplies} gives. */
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
  private readonly members: Map<string, CodeBinding>[]
  private readonly calls: CallScheduler<C>
  private outbox: R[] = []
  // why: the pending flush, cancelled at settlement; set while a flush is scheduled, never otherwise.
  private flushing: NodeJS.Immediate | undefined
  private closed = false

  constructor(
    private readonly owner: LedgerOwner<C, R>,
    namespaces: readonly CodeBindingNamespace[],
    outputBytes: number,
    private readonly tap: ((line: string, now: boolean) => void) | undefined,
    /** The run's journal (rule RT-49), only when its request asked for one. */
    readonly journal?: JournalBook,
  ) {
    this.output = new OutputBook(outputBytes)
    this.members = memberTables(namespaces)
    this.calls = new CallScheduler(
      concurrencyTables(namespaces),
      (call) => this.invoke(call),
      () => this.owner.open,
    )
  }

  /** Each namespace's members by name, read once from the request. */
  get memberTables(): readonly Map<string, CodeBinding>[] {
    return this.members
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
    this.calls.push(call)
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
    this.owner.encode(this.outbox, call, outcome)
    this.queued()
  }

  /** A reply was appended to the outbox (see {@link outboxFor}): flush once this host turn is over. */
  queued(): void {
    // why: setImmediate runs after every microtask of this turn, so replies of a Promise.all that
    // settle together reach the program in one batch, still in order.
    if (this.flushing === undefined) this.flushing = setImmediate(this.flush)
  }

  /** The outbox replies are appended to directly (a timer's), followed by {@link queued}. */
  get outboxFor(): R[] {
    return this.outbox
  }

  /** Whether the run has settled (see {@link close}). */
  get settled(): boolean {
    return this.closed
  }

  /** Binding calls invoked and not settled yet: the program is waiting on them. */
  get callsInFlight(): number {
    return this.inFlight
  }

  /** Whether a flush is scheduled for this turn. */
  get flushScheduled(): boolean {
    return this.flushing !== undefined
  }

  /** Whether replies wait to be sent. */
  get hasReplies(): boolean {
    return this.outbox.length > 0
  }

  /** Take the queued replies (the outbox starts empty again). */
  takeReplies(): R[] {
    const batch = this.outbox
    this.outbox = []
    return batch
  }

  /** Drop every call that has not started (the program ended or is being stopped). */
  dropQueued(): void {
    this.calls.clear()
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
    this.calls.clear()
    this.outbox = []
    if (this.flushing !== undefined) clearImmediate(this.flushing)
    this.flushing = undefined
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

  private readonly flush = (): void => {
    this.flushing = undefined
    this.owner.flushReplies()
  }
}

/** `ms` rounded to the µs, as usage reports it. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
