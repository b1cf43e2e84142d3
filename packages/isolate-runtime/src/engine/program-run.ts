import { onAbort } from '@isocode/code-runtime'
import type { CodeRunFailureKind, CodeRunResult } from '@isocode/code-runtime'
import { type BindingOutcome, guestSetup } from './binding-call.ts'
import {
  allocationFailure,
  describeHostError,
  describeSyntaxError,
  describeTaskError,
  memoryMessage,
} from './describe-error.ts'
import { PeerPoll } from './peer-poll.ts'
import { budgetMessage, RunClock } from './run-clock.ts'
import { type LedgerOwner, RunLedger } from './run-ledger.ts'
import { JournalBook, JOURNAL_OVER, parseCallSite, parseGuestJournal } from './run-journal.ts'
import type { RunOrder } from './run-request.ts'
import type { RunSettings } from './run-mode.ts'
import type { Finished, QueuedCall, RunState } from './run-state.ts'
import { RunTimers, TIMER_NAMESPACE } from './run-timers.ts'
import type { TurnBatch } from './turn-batch.ts'
import { budgetSite, type KillSite } from '../isolate/budget-site.ts'
import type { GuestContext, GuestEvents, Settlements } from '../isolate/guest-context.ts'
import type { IsolateSlot } from '../isolate/isolate-slot.ts'
import { isCompileError, isTimeoutMessage } from '../isolate/ivm-messages.ts'
import type { Watchdog } from '../isolate/watchdog.ts'

type Entry = Settlements[number]
type Live = Exclude<RunState, { phase: 'starting' | 'settled' }>

/**
 * One program on one lent isolate. The run's bookkeeping (output, calls, replies, timing, the
 * single settlement) is its {@link RunLedger}; what is particular to an isolate is here: the
 * {@link RunState} phases, the budgets' watchdog and the tasks the isolate runs. Every way a run
 * can end goes through `settle`, exactly once.
 */
// why: an idle guest answers what it waits on within a few ms; an abort must land well inside the
// supervised parent's 250 ms backstop (RT-32), so it waits less than a budget kill does.
const ABORT_LOCATE_MS = 100

export class ProgramRun implements GuestEvents, LedgerOwner<QueuedCall, Entry> {
  readonly result: Promise<CodeRunResult>
  private readonly ledger: RunLedger<QueuedCall, Entry>
  private readonly late: string[] = []
  private readonly timers = new RunTimers()
  private state: RunState = { phase: 'starting' }
  // why: the two phases a run switches between on every resumed batch, made once per run so the
  // switch allocates nothing.
  private running: Extract<RunState, { phase: 'running' }> | undefined
  private resuming: Extract<RunState, { phase: 'resuming' }> | undefined
  private readonly clock: RunClock
  // why: the isolate's answer to a settlement (the next call, or the end) often comes within µs.
  private readonly poll: PeerPoll
  private detachSignal: () => void = () => {}
  private resolveResult!: (result: CodeRunResult) => void

  constructor(
    private readonly slot: IsolateSlot,
    private readonly settings: RunSettings,
    private readonly order: RunOrder,
    private readonly onSettled: (run: ProgramRun, reusable: boolean) => void,
  ) {
    const book = order.journal === undefined ? undefined : new JournalBook(order.onJournal)
    this.ledger = new RunLedger(this, order, settings.outputBytes, book)
    this.result = new Promise((resolve) => (this.resolveResult = resolve))
    this.clock = new RunClock(settings, () => slot.cpuTimeNs(), this.ledger.startedAt)
    this.poll = new PeerPoll(settings.pollMs, { counts: slot.pollCounts })
  }

  /** The isolate this run holds, for disposal of the whole runtime. */
  get isolateSlot(): IsolateSlot {
    return this.slot
  }

  /** Start the program in its context once ready (unless it was aborted or ended meanwhile); the outcome arrives on {@link result}. */
  start(next: GuestContext | Promise<GuestContext>, watchdog: Watchdog): Promise<CodeRunResult> {
    // why: usually ready (no await on the path); else the run waits for its context here.
    if (next instanceof Promise) {
      next.then(
        (ready) => this.start(ready, watchdog),
        (error: unknown) => this.kill('crash', `no context could be prepared: ${String(error)}`),
      )
      return this.result
    }
    const context = next
    if (this.state.phase !== 'settled' && this.order.signal?.aborted !== true) return this.launch(context, watchdog)
    // why: aborted (or ended) while its context was prepared: nothing of the program runs, and
    // the context's handles go (safe on a killed isolate).
    this.kill('abort', 'the run was aborted before it started')
    context.release()
    return this.result
  }

  /** Arm the budgets and the signal, and run the program's first task. */
  private launch(context: GuestContext, watchdog: Watchdog): Promise<CodeRunResult> {
    const { code, signal } = this.order
    this.running = { phase: 'running', context, tasks: 0 }
    this.resuming = { phase: 'resuming', context, tasks: 0, overflow: undefined }
    this.state = this.running
    // why: while a timeout of code resumed here waits to be handled, the watchdog must not race it.
    this.clock.start(
      watchdog,
      (budget) => this.state.phase === 'overrun' || this.stop('timeout', budgetMessage(this.settings, budget)),
    )
    this.detachSignal = onAbort(signal, () => this.abort(`the run was aborted (${describeHostError(signal?.reason)})`))
    const setup = guestSetup(
      this.settings.outputBytes,
      this.order.shapes,
      this.settings.startOnHostThread,
      this.order.journal,
    )
    if (this.settings.startOnHostThread) {
      this.slot.noteHostThread('start')
      this.hereWith((ms) => context.startOnThisThread(code, setup, this, ms), true)
      return this.result
    }
    let task: Promise<unknown>
    try {
      task = context.start(code, setup, this, this.clock.backstopMs())
    } catch (error) {
      this.kill('crash', `the isolate died before the program started: ${describeHostError(error)}`)
      return this.result
    }
    this.track(task, true)
    return this.result
  }

  log(text: string, site: string | undefined, now: boolean): void {
    const state = this.state
    if (state.phase === 'settled') return
    if (this.ledger.record(text, now)) return
    // why: a line that may cross the cap says where it printed (output-book.ts): no pause needed.
    const output = this.ledger.output
    const at = output.checkedSite(site)
    const message = output.overMessage() + (at ?? '')
    if (state.phase === 'resuming') state.overflow ??= message
    else if (at !== undefined) this.kill('output-limit', message)
    else this.stop('output-limit', message)
  }

  call(id: number, ns: number, member: string, json: string | undefined, site: string | undefined): void {
    this.poll.answered()
    if (!this.open) return
    // why: a setTimeout waits on the host beside the serial binding queue, never blocking a call.
    if (ns === TIMER_NAMESPACE)
      return this.timers.start(json === undefined ? 0 : Number(json), () => this.deliverTimer(id))
    // why: the guest sends a call site only when the run keeps a journal (rule RT-52).
    const where = site === undefined || this.ledger.journal === undefined ? undefined : parseCallSite(site)
    const queued: QueuedCall = where === undefined ? { id, ns, member, json } : { id, ns, member, json, site: where }
    // why: RT-71 — a call whose outcome the request already holds is answered here, binding
    // untouched; only a journaled run's calls carry the number that keys it.
    if (where !== undefined && this.ledger.answerHeld(queued, json)) return
    // why: the supervised child forwards every call at once; its parent schedules them where the
    // functions run (one at a time, or a concurrent member's limit).
    if (this.settings.serialBindings) this.ledger.schedule(queued)
    else void this.ledger.invoke(queued)
  }

  journaled(text: string): void {
    const book = this.ledger.journal
    if (book === undefined || this.state.phase === 'settled') return
    const chunk = parseGuestJournal(text)
    // why: the prelude only sends what it checked; anything else means the guest is not ours.
    if (chunk === undefined) return this.kill('crash', 'the guest sent a malformed journal')
    if (!book.add(chunk)) this.kill('output-limit', JOURNAL_OVER)
  }

  done(kind: 'ok' | 'exception' | 'invalid-output', text: string | undefined): void {
    this.poll.answered()
    const state = this.state
    if (state.phase !== 'running' && state.phase !== 'resuming') return
    // why: rule RT-25 — an array buffer past the memory limit is a memory failure, not the program's exception.
    const memory = kind === 'exception' ? allocationFailure(text, this.settings.memoryMb) : undefined
    const finished: Finished = memory === undefined ? { kind, text } : { kind: 'memory', text: memory }
    // why: the program is over; queued calls are dropped undispatched, results in flight ignored.
    this.state = { phase: 'draining', context: state.context, tasks: state.tasks, finished }
    this.ledger.dropQueued()
    if (state.tasks === 0) this.complete()
  }

  /** Whether the program still runs: its calls and binding results are taken. */
  get open(): boolean {
    return this.state.phase === 'running' || this.state.phase === 'resuming'
  }

  argsOf(call: QueuedCall): unknown {
    return call.json === undefined ? undefined : JSON.parse(call.json)
  }

  encode(replies: TurnBatch<Entry>, call: QueuedCall, outcome: BindingOutcome): void {
    replies.push(call.id)
    // why: RT-63 — a failure's `code` travels in the `ok` slot (true, false, or the code string),
    // so the batch keeps its three slots a call.
    replies.push(outcome.ok || (outcome.code ?? false))
    replies.push(outcome.ok ? (outcome.value === undefined ? null : JSON.stringify(outcome.value)) : outcome.message)
  }

  flushReplies(): void {
    const state = this.state
    if (state.phase !== 'running' || !this.ledger.replies.waiting) return
    // why: resumed on this thread, with no hop, once the isolate is idle: a task still on its
    // thread would run first anyway, and taskSettled flushes again when its completion arrives.
    if (this.settings.resumeOnHostThread && state.tasks > 0) return
    const batch = this.ledger.replies.take()
    if (this.settings.resumeOnHostThread) return this.resumeHere(state.context, batch)
    try {
      this.track(state.context.resolve(batch, this.clock.backstopMs()))
      this.poll.sent()
    } catch (error) {
      this.track(Promise.reject(error))
    }
  }

  /**
   * End the run for a budget the program broke, naming where it was (see {@link KillSite}): the
   * line it is executing (a paused isolate), the call or timer it waits on, or the call whose code
   * ran past the budget on the host's thread; then {@link kill} with that text.
   */
  private stop(kind: CodeRunFailureKind, message: string, where?: KillSite, locateMs?: number): void {
    const state = this.state
    if (state.phase === 'settled' || state.phase === 'stopping' || state.phase === 'starting') return
    const site = where ?? (state.tasks > 0 ? 'executing' : 'waiting')
    const executing = site === 'executing'
    // why: in the host's own process a paused isolate could never be disposed safely.
    if (executing && !this.settings.pauseToLocate) return this.kill(kind, message)
    this.state = { phase: 'stopping', context: state.context, tasks: state.tasks }
    this.clock.keep()
    // why: the gate closes first, so nothing the program sends while it is located counts.
    state.context.close()
    this.ledger.dropQueued()
    this.timers.clear()
    // why: once a pause was asked for, the isolate may stop at any moment; it is never disposed.
    if (executing) this.slot.abandon()
    void budgetSite(this.slot.isolate, state.context, site, locateMs).then((at) => this.kill(kind, message + at))
  }

  /**
   * End the run for its signal: a program waiting on a call or a timer is first asked what it
   * waits on, so the message names that call site (rule RT-26); nothing is paused for an abort.
   */
  private abort(message: string): void {
    const state = this.state
    // why: waiting means idle, or serving a call (the task that made it may not have reported its
    // end yet: the question then waits behind it, at most ABORT_LOCATE_MS); a busy loop ends now.
    const waiting = state.phase === 'running' && (state.tasks === 0 || this.ledger.callsInFlight > 0)
    if (waiting) return this.stop('abort', message, 'waiting', ABORT_LOCATE_MS)
    this.kill('abort', message)
  }

  /** End the run now with `kind`; the isolate is disposed (it may be mid-execution). */
  kill(kind: CodeRunFailureKind, message: string): void {
    if (this.state.phase === 'settled') return
    this.settle({ logs: this.ledger.output.logs, error: { kind, message } }, true)
  }

  private fail(kind: CodeRunFailureKind, message: string): void {
    this.settle(this.ledger.output.failure(kind, message))
  }

  private complete(): void {
    if (this.state.phase === 'draining') this.settle(this.ledger.output.outcome(this.state.finished, this.late))
  }

  private settle(outcome: Omit<CodeRunResult, 'usage'>, killed = false): void {
    const state = this.state
    if (state.phase === 'settled') return
    const context = state.phase === 'starting' ? undefined : state.context
    // why: a task still queued in the isolate would run old program code during the next run.
    const reusable = !killed && (state.phase === 'starting' || state.tasks === 0)
    this.state = { phase: 'settled', context }
    // why: the clock is read before a kill disposes the isolate (which then reads 0).
    const cpuMs = this.clock.end()
    if (killed) this.slot.kill()
    const result = this.ledger.close(outcome, cpuMs) as CodeRunResult
    this.timers.clear()
    this.poll.stop()
    this.detachSignal()
    context?.close()
    this.slot.runEnded()
    this.resolveResult(result)
    // why: freeing handles and preparing the next context can stall the host while the isolate's
    // thread finishes its last task (+0.5 ms a run on Node 24 before the result); not before it.
    setImmediate(() => {
      context?.release()
      this.onSettled(this, reusable)
    })
  }

  private track(task: Promise<unknown>, first = false): void {
    const live = this.state as Live
    live.tasks++
    task.then(
      () => this.taskSettled(false, undefined, first),
      (error: unknown) => this.taskSettled(true, error, first),
    )
  }

  private taskSettled(rejected: boolean, error: unknown, first: boolean): void {
    const state = this.state
    if (state.phase === 'settled') return
    if (state.phase !== 'starting') state.tasks--
    // why: a budget kill is naming the program's position; it settles the run itself.
    if (state.phase === 'stopping') return
    if (rejected) {
      // why: compiling is part of the first task; a SyntaxError annotated with a position in
      // the program is the model's syntax error, reported like any other exception.
      if (first && isCompileError(error) && !this.slot.isDisposed)
        return this.fail('exception', describeSyntaxError(error))
      const outcome = describeTaskError(error, this.slot.isDisposed)
      if (outcome.kind === 'memory') return this.kill('memory', memoryMessage(this.settings.memoryMb))
      if (outcome.kind === 'cpu') return this.kill('timeout', budgetMessage(this.settings, 'cpu'))
      if (outcome.kind === 'crash') return this.kill('crash', outcome.message)
      // why: an unhandled rejection found while the program still ran fails it (rule RT-22);
      // one found at the end of the task in which it returned is only logged.
      if (this.state.phase !== 'draining') {
        const memory = allocationFailure(outcome.message, this.settings.memoryMb)
        return memory === undefined ? this.fail('exception', outcome.message) : this.fail('memory', memory)
      }
      this.late.push(outcome.message)
    }
    const now = this.state
    if (now.phase === 'draining' && now.tasks === 0) this.complete()
    else if (now.phase === 'running') {
      // why: RT-64 — isolated-vm queues a task's callbacks (its calls) before its completion, so
      // every call of that turn has reached its binding (a durable host ends a pause here); each
      // task reports, so a turn whose replies already started the next is not merged into it.
      this.turnEnded()
      if (this.state === now && now.tasks === 0 && this.ledger.replies.waiting && !this.ledger.replies.scheduled)
        this.flushReplies()
    }
  }

  /** Tell the host the program's turn ended while the run goes on (rule RT-64); never throws. */
  private turnEnded(): void {
    const { onIdle } = this.order
    if (onIdle === undefined) return
    try {
      onIdle()
    } catch {
      // why: a throwing listener is the host's bug; it must not end or corrupt the run.
    }
  }

  private deliverTimer(id: number): void {
    if (!this.open) return
    const replies = this.ledger.replies
    replies.push(id)
    replies.push(true)
    replies.push(null)
  }

  /** Settle a batch on this thread, the program's code after it included (see {@link hereWith}). */
  private resumeHere(context: GuestContext, batch: Settlements): void {
    this.slot.noteHostThread('resume')
    this.hereWith((ms) => context.resolveOnThisThread(batch, ms), false)
  }

  /**
   * Run `task` (the start, or a settlement) on this thread, in phase `resuming`. What is left of
   * the smaller budget is isolated-vm's timeout, since no watchdog tick runs meanwhile; a timeout
   * is handled a turn later, after the lines and calls the code sent (an output kill comes first).
   */
  private hereWith(task: (timeoutMs: number) => void, first: boolean): void {
    const running = this.running as Extract<RunState, { phase: 'running' }>
    const resuming = this.resuming as Extract<RunState, { phase: 'resuming' }>
    const { budget, ms } = this.clock.tightest()
    resuming.tasks = running.tasks
    resuming.overflow = undefined
    this.state = resuming
    let failure: unknown
    let failed = false
    try {
      task(ms)
    } catch (error) {
      failed = true
      failure = error
    }
    // why: the code may have ended the run (its completion, a kill) while it ran here.
    if (this.state !== resuming) return
    running.tasks = resuming.tasks
    this.state = running
    if (resuming.overflow !== undefined) return this.kill('output-limit', resuming.overflow)
    if (!failed) {
      if (this.order.onIdle === undefined) return
      // why: RT-64 — a journaled program on this thread sent its calls synchronously (the
      // prelude's sendNow), so every call of this turn has reached its binding, unless one waits
      // in the serial queue: then an empty settlement on the isolate's thread, which completes
      // after the bindings that queue invokes meanwhile, reports the end (taskSettled).
      if (!this.ledger.callsQueued) return this.turnEnded()
      this.track(running.context.resolve([], this.clock.backstopMs()))
      return
    }
    // why: a turn later, as for a task on the isolate's thread: the lines and the completion the
    // code sent come first (an unhandled rejection after the program returned is only logged).
    if (!isTimeoutMessage(describeHostError(failure)) || this.slot.isDisposed) return this.track(later(failure), first)
    const message = budgetMessage(this.settings, budget)
    this.state = { phase: 'overrun', context: running.context, tasks: running.tasks }
    setImmediate(() => {
      if (this.state.phase !== 'overrun') return
      running.tasks = this.state.tasks
      this.state = running
      this.stop('timeout', message, 'resumed')
    })
  }
}

const later = (error: unknown): Promise<never> => new Promise((_, reject) => setImmediate(() => reject(error)))
