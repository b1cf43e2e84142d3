import { onAbort, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeBindingNamespace, CodeRunFailureKind, CodeRunResult } from '@isocode/code-runtime'
import { callBinding, guestSetup, memberTables, namespaceShapes } from '../engine/binding-call.ts'
import { CallScheduler, concurrencyTables } from '../engine/call-scheduler.ts'
import { describeHostError, describeTaskError, describeSyntaxError } from '../engine/describe-error.ts'
import type { GuestContext, GuestEvents, Settlements } from '../isolate/guest-context.ts'
import { budgetSite, type KillSite } from '../isolate/budget-site.ts'
import { isCompileError, isTimeoutMessage } from '../isolate/ivm-messages.ts'
import type { IsolateSlot } from '../isolate/isolate-slot.ts'
import type { Watchdog } from '../isolate/watchdog.ts'
import { OutputBook } from '../engine/output-book.ts'
import { PeerPoll } from '../engine/peer-poll.ts'
import type { QueuedCall, RunBudgets, RunState } from '../engine/run-state.ts'
import { budgetMessage, RunClock } from '../engine/run-clock.ts'
import { RunTimers, TIMER_NAMESPACE } from '../engine/run-timers.ts'

/**
 * One program on one lent isolate: the serialized binding queue, the log book, the budgets and
 * the single settlement. Every way a run can end goes through `settle`, exactly once.
 */
export class ProgramRun implements GuestEvents {
  readonly result: Promise<CodeRunResult>
  private readonly output: OutputBook
  private readonly members: Map<string, CodeBinding>[]
  private readonly calls: CallScheduler<QueuedCall>
  private readonly late: string[] = []
  private readonly timers = new RunTimers()
  // why: results that complete in the same host turn (Promise.all) reach the guest in one task.
  private outbox: Settlements = []
  private flushing = false
  private state: RunState = { phase: 'running', context: undefined }
  // why: set while a budget kill asks where the program is; the run takes nothing more from then.
  private stopping = false
  // why: `overrun` from a timeout of code resumed here until it is handled a turn later (its calls
  // are dropped meanwhile); `resuming` while that code runs on this stack, so an output kill waits
  // in `overflow` until it returns.
  private overrun = false
  private resuming = false
  private overflow: string | undefined
  private inFlight = 0
  private readonly clock: RunClock
  // why: the isolate's answer to a settlement (the next call, or the end) often comes within µs.
  private readonly poll: PeerPoll
  private stopWatch: () => void = () => {}
  private detachSignal: () => void = () => {}
  private resolveResult!: (result: CodeRunResult) => void

  constructor(
    private readonly slot: IsolateSlot,
    private readonly budgets: RunBudgets,
    private readonly namespaces: readonly CodeBindingNamespace[],
    private readonly onSettled: (run: ProgramRun, reusable: boolean) => void,
    private readonly onLog?: (line: string, now: boolean) => void,
  ) {
    this.output = new OutputBook(budgets.outputCap)
    this.members = memberTables(namespaces)
    this.calls = new CallScheduler(concurrencyTables(namespaces), (call) => this.invoke(call), () => this.open)
    this.result = new Promise((resolve) => (this.resolveResult = resolve))
    this.clock = new RunClock(budgets, () => slot.cpuTimeNs())
    this.poll = new PeerPoll(budgets.pollMs, { counts: slot.pollCounts })
  }

  /** The isolate this run holds, for disposal of the whole runtime. */
  get isolateSlot(): IsolateSlot {
    return this.slot
  }

  /** Start the program in `context`; the outcome arrives on {@link result}. */
  start(context: GuestContext, code: string, watchdog: Watchdog, signal: AbortSignal | undefined): Promise<CodeRunResult> {
    if (this.state.phase === 'settled') {
      context.release()
      return this.result
    }
    this.state = { phase: 'running', context }
    // why: while a timeout of code resumed here waits to be handled, the watchdog must not race it.
    this.stopWatch = this.clock.startWatched(watchdog, (budget) => this.overrun || this.stop('timeout', budgetMessage(this.budgets, budget)))
    this.detachSignal = onAbort(signal, () => this.kill('abort', `the run was aborted (${describeHostError(signal?.reason)})`))
    const setup = guestSetup(this.budgets.outputCap, namespaceShapes(this.namespaces, this.members), this.budgets.startOnHostThread)
    if (this.budgets.startOnHostThread) {
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
    if (this.state.phase === 'settled') return
    if (!this.output.add(text)) {
      // why: a line that may cross the cap says where it printed (output.ts): no pause needed.
      const at = this.output.checkedSite(site)
      const message = this.output.overMessage() + (at ?? '')
      if (this.resuming) this.overflow ??= message
      else if (at !== undefined) this.kill('output-limit', message)
      else this.stop('output-limit', message)
      return
    }
    try {
      this.onLog?.(text, now)
    } catch {
      // why: a throwing tap is the host's bug; it must not end or corrupt the program's run.
    }
  }

  call(id: number, ns: number, member: string, json: string | undefined): void {
    this.poll.answered()
    if (!this.open || this.overrun) return
    // why: a setTimeout waits on the host beside the serial binding queue, never blocking a call.
    if (ns === TIMER_NAMESPACE) return this.timers.start(json === undefined ? 0 : Number(json), () => this.deliver(id, true, null))
    const queued = { id, ns, member, json }
    // why: the supervised child forwards every call at once; its parent schedules them where the
    // functions run (one at a time, or a concurrent member's limit).
    if (!this.budgets.serialBindings) void this.invoke(queued)
    else this.calls.push(queued)
  }

  done(kind: 'ok' | 'exception' | 'invalid-output', text: string | undefined): void {
    this.poll.answered()
    if (this.state.phase !== 'running' || this.state.context === undefined) return
    // why: the program is over; queued calls are dropped undispatched, results in flight ignored.
    this.state = { phase: 'draining', context: this.state.context, finished: { kind, text } }
    this.calls.clear()
    if (this.inFlight === 0) this.complete()
  }

  /**
   * End the run for a budget the program broke, naming where it was (see {@link KillSite}): the
   * line it is executing (a paused isolate), the call or timer it waits on, or the call whose code
   * ran past the budget on the host's thread; then {@link kill} with that text.
   */
  private stop(kind: CodeRunFailureKind, message: string, where: KillSite = this.inFlight > 0 ? 'executing' : 'waiting'): void {
    if (this.state.phase === 'settled' || this.stopping) return
    const executing = where === 'executing'
    // why: in the host's own process a paused isolate could never be disposed safely.
    if (executing && !this.budgets.pauseToLocate) return this.kill(kind, message)
    this.stopping = true
    this.clock.cpuNow()
    const { context } = this.state
    // why: the gate closes first, so nothing the program sends while it is located counts.
    context?.close()
    this.calls.clear()
    this.timers.clear()
    // why: once a pause was asked for, the isolate may stop at any moment; it is never disposed.
    if (executing) this.slot.abandon()
    void budgetSite(this.slot.isolate, context, where).then((site) => this.kill(kind, message + site))
  }

  /** End the run now with `kind`; the isolate is disposed (it may be mid-execution). */
  kill(kind: CodeRunFailureKind, message: string): void {
    if (this.state.phase === 'settled') return
    this.clock.cpuNow()
    this.slot.kill()
    this.settle({ logs: this.output.logs, error: { kind, message } }, true)
  }

  private fail(kind: CodeRunFailureKind, message: string): void {
    this.settle(this.output.failure(kind, message))
  }

  private complete(): void {
    if (this.state.phase === 'draining') this.settle(this.output.outcome(this.state.finished, this.late))
  }

  private settle(outcome: Omit<CodeRunResult, 'usage'>, killed = false): void {
    if (this.state.phase === 'settled') return
    const { context } = this.state
    this.state = { phase: 'settled', context }
    const result = withUsage(outcome, this.clock.usage())
    this.calls.clear()
    this.outbox = []
    this.timers.clear()
    this.stopWatch()
    this.poll.stop()
    this.detachSignal()
    context?.close()
    this.slot.runEnded()
    // why: a task still queued in the isolate would run old program code during the next run.
    const reusable = !killed && this.inFlight === 0
    this.resolveResult(result)
    // why: freeing handles and preparing the next context can stall the host while the isolate's
    // thread finishes its last task (+0.5 ms a run on Node 24 before the result); not before it.
    setImmediate(() => {
      context?.release()
      this.onSettled(this, reusable)
    })
  }

  private track(task: Promise<unknown>, first = false): void {
    this.inFlight++
    task.then(
      () => this.taskSettled(false, undefined, first),
      (error: unknown) => this.taskSettled(true, error, first),
    )
  }

  private taskSettled(rejected: boolean, error: unknown, first: boolean): void {
    this.inFlight--
    // why: a budget kill is naming the program's position; it settles the run itself.
    if (this.state.phase === 'settled' || this.stopping) return
    if (rejected) {
      // why: compiling is part of the first task; a SyntaxError annotated with a position in
      // the program is the model's syntax error, reported like any other exception.
      if (first && isCompileError(error) && !this.slot.isDisposed) return this.fail('exception', describeSyntaxError(error))
      const outcome = describeTaskError(error, this.slot.isDisposed)
      if (outcome.kind === 'memory') return this.kill('memory', outcome.message)
      if (outcome.kind === 'cpu') return this.kill('timeout', budgetMessage(this.budgets, 'cpu'))
      if (outcome.kind === 'crash') return this.kill('crash', outcome.message)
      // why: an unhandled rejection found while the program still ran fails it (rule RT-22 in docs/runtime-contract.md);
      // one found at the end of the task in which it returned is only logged.
      if (this.state.phase === 'running') return this.fail('exception', outcome.message)
      this.late.push(outcome.message)
    }
    if (this.state.phase === 'draining' && this.inFlight === 0) this.complete()
    else if (this.inFlight === 0 && this.outbox.length > 0 && !this.flushing) this.flush()
  }

  private async invoke(call: QueuedCall): Promise<void> {
    const began = this.clock.bindingStarted()
    const outcome = await callBinding(this.members[call.ns], call.member, () => (call.json === undefined ? undefined : JSON.parse(call.json)))
    this.clock.bindingEnded(began)
    const payload = outcome.ok ? (outcome.value === undefined ? null : JSON.stringify(outcome.value)) : outcome.message
    this.deliver(call.id, outcome.ok, payload)
  }

  private deliver(id: number, ok: boolean, payload: string | null): void {
    if (!this.open) return
    this.outbox.push(id, ok, payload)
    if (this.flushing) return
    this.flushing = true
    // why: setImmediate runs after every microtask of this host turn, so a serial queue of fast
    // bindings (Promise.all) delivers all its results in one isolate task, still in order.
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushing = false
    const { context } = this.state
    if (!this.open || context === undefined || this.outbox.length === 0) return
    // why: resumed on this thread, with no hop, once the isolate is idle: a task still on its
    // thread would run first anyway, and taskSettled flushes again when its completion arrives.
    if (this.budgets.resumeOnHostThread && this.inFlight > 0) return
    const batch = this.outbox
    this.outbox = []
    if (this.budgets.resumeOnHostThread) return this.resumeHere(context, batch)
    try {
      this.track(context.resolve(batch, this.clock.backstopMs()))
      this.poll.sent()
    } catch (error) {
      this.track(Promise.reject(error))
    }
  }

  /** Settle a batch on this thread, the program's code after it included (see {@link hereWith}). */
  private resumeHere(context: GuestContext, batch: Settlements): void {
    this.slot.noteHostThread('resume')
    this.hereWith((ms) => context.resolveOnThisThread(batch, ms), false)
  }

  /**
   * Run `task` (the start, or a settlement) on this thread. What is left of the smaller budget is
   * isolated-vm's timeout, since no watchdog tick runs meanwhile; a timeout is handled a turn
   * later, after the lines and calls the code sent (an output kill comes first).
   */
  private hereWith(task: (timeoutMs: number) => void, first: boolean): void {
    const { budget, ms } = this.clock.tightest()
    this.resuming = true
    try {
      task(ms)
      if (this.overflow !== undefined) this.kill('output-limit', this.overflow)
    } catch (error) {
      if (this.overflow !== undefined) return this.kill('output-limit', this.overflow)
      // why: a turn later, as for a task on the isolate's thread: the lines and the completion the
      // code sent come first (an unhandled rejection after the program returned is only logged).
      if (!isTimeoutMessage(describeHostError(error)) || this.slot.isDisposed) return this.track(later(error), first)
      const message = budgetMessage(this.budgets, budget)
      this.overrun = true
      setImmediate(() => {
        this.overrun = false
        if (this.open) this.stop('timeout', message, 'resumed')
      })
    } finally {
      this.resuming = false
    }
  }

  /** Whether the program still runs: its calls, logs and binding results are taken. */
  private get open(): boolean {
    return this.state.phase === 'running' && !this.stopping
  }
}

const later = (error: unknown): Promise<never> => new Promise((_, reject) => setImmediate(() => reject(error)))
