import type { CodeRunResult, CodeRunUsage } from '@isocode/code-runtime'
import type { BindingOutcome } from '../engine/binding-call.ts'
import { type LedgerOwner, roundMs, RunLedger } from '../engine/run-ledger.ts'
import type { RunOrder } from '../engine/run-request.ts'
import { JournalBook } from '../engine/run-journal.ts'
import type { TurnBatch } from '../engine/turn-batch.ts'
import type { Call, Reply } from './wire/child-protocol.ts'

/** How a run handed to a child ended: its result, and whether its process died before the program started (RT-42). */
export interface HostRun {
  result: CodeRunResult
  diedBeforeStart: boolean
}

/**
 * The one run a ChildHost serves, parent side: its {@link RunLedger} (the lines that reached the
 * parent, the binding calls run here, the replies batched per turn, the timing and the single
 * settlement) plus what only a supervised run has: whether the child started the program, the
 * deadline past which the child is given up on, and the abort backstops.
 */
export class HostedRun implements LedgerOwner<Call, Reply> {
  readonly ledger: RunLedger<Call, Reply>
  /** Whether the child said it handed the program to its isolate (or sent anything else of the run). */
  started = false
  /** When the parent gives up on a child that stopped answering (wall budget plus backstop). */
  readonly deadline: number
  /** Abort backstops armed for this run, cleared when it settles. */
  readonly timers: NodeJS.Timeout[] = []
  detach: () => void = () => {}
  private readonly onIdle: (() => void) | undefined
  private readonly onServed: ((call: number) => void) | undefined

  constructor(
    readonly id: number,
    order: RunOrder,
    outputBytes: number,
    giveUpAfterMs: number,
    private readonly sendReplies: (replies: Reply[]) => void,
    private readonly done: (run: HostRun) => void,
  ) {
    const book = order.journal === undefined ? undefined : new JournalBook(undefined)
    this.ledger = new RunLedger(this, order, outputBytes, book)
    // why: RT-64 — the order carries onIdle only for a journaled run.
    this.onIdle = order.onIdle
    this.onServed = order.replay?.checked.onServed
    this.deadline = this.ledger.startedAt + giveUpAfterMs
  }

  /** The child says the program ended a turn after sending its calls (rule RT-64); never throws. */
  idle(): void {
    if (this.onIdle === undefined || !this.open) return
    try {
      this.onIdle()
    } catch {
      // why: a throwing listener is the host's bug; it must not end or corrupt the run.
    }
  }

  /** The child answered these calls from the run's replay (rule RT-71); never throws. */
  served(calls: readonly number[]): void {
    if (this.onServed === undefined || !this.open) return
    for (const call of calls) this.onServed(call)
  }

  get open(): boolean {
    return !this.ledger.settled
  }

  argsOf(call: Call): unknown {
    return call.args
  }

  encode(replies: TurnBatch<Reply>, call: Call, outcome: BindingOutcome): void {
    if (!outcome.ok)
      replies.push(
        outcome.code === undefined
          ? { call: call.call, ok: false, message: outcome.message }
          : { call: call.call, ok: false, message: outcome.message, code: outcome.code },
      )
    else if (outcome.value === undefined) replies.push({ call: call.call, ok: true })
    else replies.push({ call: call.call, ok: true, value: outcome.value })
  }

  flushReplies(): void {
    const replies = this.ledger.replies.take()
    if (this.open && replies.length > 0) this.sendReplies(replies)
  }

  /**
   * Settle once. Usage: CPU from the child's isolate clock; wall, binding calls and binding time
   * as the parent saw them. A run whose child died has no CPU reading any more, so its wall time
   * stands in as the upper bound (one isolate thread per process). False when already settled.
   */
  settle(outcome: Omit<CodeRunResult, 'usage'> & { usage?: CodeRunUsage }, diedBeforeStart = false): boolean {
    const { usage: reported, ...rest } = outcome
    const wallMs = roundMs(this.ledger.elapsedMs())
    const result = this.ledger.close(rest, Math.min(reported?.cpuMs ?? wallMs, wallMs), wallMs)
    if (result === undefined) return false
    for (const timer of this.timers) clearTimeout(timer)
    this.detach()
    this.done({ result, diedBeforeStart })
    return true
  }
}
