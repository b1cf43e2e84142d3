import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeBindingNamespace, CodeRunFailureKind, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import { callBinding, memberTables } from './binding-call.ts'
import { concurrencyTables, mayStart, type ConcurrencyTables } from './concurrency.ts'
import { describeHostError, describeTaskError, describeSyntaxError } from './describe.ts'
import type { GuestContext, GuestEvents, Settlements } from './isolate/bridge.ts'
import { isCompileError } from './isolate/messages.ts'
import type { IsolateSlot } from './isolate/pool.ts'
import type { Watchdog } from './isolate/watchdog.ts'
import { OutputBook } from './output.ts'
import { RunTimers, TIMER_NAMESPACE } from './timers.ts'

/** The budgets one run is held to. */
export interface RunBudgets {
  cpuMs: number
  wallMs: number
  outputCap: number
  /**
   * Dispatch binding calls one at a time (the seam's rule). False only where the bindings are
   * forwarders to a host that serializes them itself (the supervised child), so a Promise.all
   * crosses the process boundary as one batch.
   */
  serialBindings: boolean
}

interface QueuedCall {
  id: number
  ns: number
  member: string
  json: string | undefined
}

/**
 * One program on one lent isolate: the serialized binding queue, the log book, the budgets and
 * the single settlement. Every way a run can end goes through `settle`, exactly once.
 */
export class ProgramRun implements GuestEvents {
  readonly result: Promise<CodeRunResult>
  private readonly output: OutputBook
  private readonly members: Map<string, CodeBinding>[]
  private readonly concurrency: ConcurrencyTables
  private readonly queue: QueuedCall[] = []
  private readonly late: string[] = []
  private readonly timers = new RunTimers()
  // why: results that complete in the same host turn (Promise.all) reach the guest in one task.
  private outbox: Settlements = []
  private flushing = false
  private context: GuestContext | undefined
  private finished: { kind: 'ok' | 'exception' | 'invalid-output'; text: string | undefined } | undefined
  private settled = false
  private closed = false
  private running = 0
  private exclusive = false
  private killed = false
  private inFlight = 0
  private cpuStartNs = 0n
  // why: the last CPU reading survives the isolate (a killed or OOM-disposed isolate reads 0).
  private cpuLastNs: bigint | undefined
  private readonly startedAt = performance.now()
  private bindingCalls = 0
  private bindingMs = 0
  private stopWatch: () => void = () => {}
  private detachSignal: () => void = () => {}
  private resolveResult!: (result: CodeRunResult) => void

  constructor(
    private readonly slot: IsolateSlot,
    private readonly budgets: RunBudgets,
    private readonly namespaces: readonly CodeBindingNamespace[],
    private readonly onSettled: (run: ProgramRun, reusable: boolean) => void,
    private readonly onLog?: (line: string) => void,
  ) {
    this.output = new OutputBook(budgets.outputCap)
    this.members = memberTables(namespaces)
    this.concurrency = concurrencyTables(namespaces)
    this.result = new Promise((resolve) => (this.resolveResult = resolve))
  }

  /** The isolate this run holds, for disposal of the whole runtime. */
  get isolateSlot(): IsolateSlot {
    return this.slot
  }

  /** Start the program in `context`; the outcome arrives on {@link result}. */
  start(context: GuestContext, code: string, watchdog: Watchdog, signal: AbortSignal | undefined): Promise<CodeRunResult> {
    this.context = context
    if (this.settled) {
      context.release()
      return this.result
    }
    this.cpuStartNs = this.slot.cpuTimeNs()
    this.cpuLastNs = this.cpuStartNs
    this.stopWatch = watchdog.watch({
      cpuTimeNs: () => this.cpuNow(),
      cpuStartNs: this.cpuStartNs,
      cpuBudgetNs: BigInt(this.budgets.cpuMs) * 1_000_000n,
      wallDeadline: performance.now() + this.budgets.wallMs,
      expire: (budget) =>
        budget === 'cpu'
          ? this.kill('timeout', `CPU budget of ${this.budgets.cpuMs} ms exceeded`)
          : this.kill('timeout', `wall-clock budget of ${this.budgets.wallMs} ms exceeded`),
    })
    if (signal !== undefined) {
      const onAbort = (): void => this.kill('abort', `the run was aborted (${describeHostError(signal.reason)})`)
      signal.addEventListener('abort', onAbort, { once: true })
      this.detachSignal = () => signal.removeEventListener('abort', onAbort)
    }
    const setup = JSON.stringify({
      outputCap: this.budgets.outputCap,
      namespaces: this.namespaces.map((ns, i) => ({
        global: ns.global,
        members: [...(this.members[i] as Map<string, CodeBinding>).keys()],
        errorClass: ns.errorClass ? { name: ns.errorClass.name, member: ns.errorClass.memberNameProperty } : null,
      })),
    })
    let task: Promise<unknown>
    try {
      task = context.start(code, setup, this, this.remainingCpuMs())
    } catch (error) {
      this.kill('crash', `the isolate died before the program started: ${describeHostError(error)}`)
      return this.result
    }
    this.track(task, true)
    return this.result
  }

  log(text: string): void {
    if (this.settled) return
    if (!this.output.add(text)) return this.kill('output-limit', this.output.overMessage())
    try {
      this.onLog?.(text)
    } catch {
      // why: a throwing tap is the host's bug; it must not end or corrupt the program's run.
    }
  }

  call(id: number, ns: number, member: string, json: string | undefined): void {
    if (this.closed) return
    // why: a setTimeout waits on the host beside the serial binding queue, never blocking a call.
    if (ns === TIMER_NAMESPACE) return this.timers.start(json === undefined ? 0 : Number(json), () => this.deliver(id, true, null))
    this.queue.push({ id, ns, member, json })
    this.pump()
  }

  done(kind: 'ok' | 'exception' | 'invalid-output', text: string | undefined): void {
    if (this.closed) return
    this.finished = { kind, text }
    // why: the program is over; queued calls are dropped undispatched, results in flight ignored.
    this.closed = true
    this.queue.length = 0
    if (this.inFlight === 0) this.complete()
  }

  /** End the run now with `kind`; the isolate is disposed (it may be mid-execution). */
  kill(kind: CodeRunFailureKind, message: string): void {
    if (this.settled) return
    this.killed = true
    this.cpuNow()
    this.slot.kill()
    this.settle({ logs: this.output.logs, error: { kind, message } })
  }

  private fail(kind: CodeRunFailureKind, message: string): void {
    const fits = this.output.fits(JSON.stringify(message))
    this.settle({ logs: this.output.logs, error: fits ? { kind, message } : { kind: 'output-limit', message: this.output.overMessage() } })
  }

  private complete(): void {
    const finished = this.finished
    if (finished === undefined || this.settled) return
    for (const line of this.late) {
      if (!this.output.add(line)) return this.fail('output-limit', this.output.overMessage())
    }
    if (finished.kind !== 'ok') return this.fail(finished.kind, finished.text ?? 'the program failed')
    if (finished.text === undefined) return this.settle({ logs: this.output.logs })
    if (!this.output.fits(finished.text)) return this.fail('output-limit', this.output.overMessage())
    let value: JsonValue
    try {
      value = JSON.parse(finished.text) as JsonValue
    } catch {
      return this.fail('invalid-output', 'the completion value did not arrive as JSON')
    }
    this.settle({ value, logs: this.output.logs })
  }

  private settle(outcome: Omit<CodeRunResult, 'usage'>): void {
    if (this.settled) return
    this.settled = true
    const cpuNs = this.cpuLastNs === undefined ? 0n : this.cpuNow() - this.cpuStartNs
    const result = withUsage(outcome, {
      cpuMs: roundMs(Number(cpuNs) / 1e6),
      wallMs: roundMs(performance.now() - this.startedAt),
      bindingCalls: this.bindingCalls,
      bindingMs: roundMs(this.bindingMs),
    })
    this.closed = true
    this.queue.length = 0
    this.outbox = []
    this.timers.clear()
    this.stopWatch()
    this.detachSignal()
    this.context?.close()
    this.resolveResult(result)
    // why: a task still queued in the isolate would run old program code during the next run.
    const reusable = !this.killed && this.inFlight === 0
    // why: freeing handles and queueing the next context's preparation wake the isolate thread;
    // done after the caller has its result, they stay off the run's critical path.
    setImmediate(() => {
      this.context?.release()
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
    if (this.settled) return
    if (rejected) {
      // why: compiling is part of the first task; a SyntaxError annotated with a position in
      // the program is the model's syntax error, reported like any other exception.
      if (first && isCompileError(error) && !this.slot.isDisposed) return this.fail('exception', describeSyntaxError(error))
      const outcome = describeTaskError(error, this.slot.isDisposed)
      if (outcome.kind === 'memory') return this.kill('memory', outcome.message)
      if (outcome.kind === 'cpu') return this.kill('timeout', `CPU budget of ${this.budgets.cpuMs} ms exceeded`)
      if (outcome.kind === 'crash') return this.kill('crash', outcome.message)
      // why: an unhandled rejection found while the program still ran fails it (rule RT-22 in docs/runtime-contract.md);
      // one found at the end of the task in which it returned is only logged.
      if (this.finished === undefined) return this.fail('exception', outcome.message)
      this.late.push(outcome.message)
    }
    if (this.finished !== undefined && this.inFlight === 0) this.complete()
  }

  // why: calls start in call order; a namespace's concurrent members may overlap up to its limit,
  // every other call runs alone (the serial default).
  private pump(): void {
    if (!this.budgets.serialBindings) {
      // why: the supervised child forwards every call at once; its parent keeps the order and the
      // concurrency rules (one at a time, or a concurrent member's limit).
      for (const next of this.queue.splice(0)) void this.invoke(next)
      return
    }
    while (!this.closed) {
      const next = this.queue[0]
      if (next === undefined) return
      const limit = this.concurrency[next.ns]?.get(next.member)
      if (!mayStart(limit, this.running, this.exclusive)) return
      this.queue.shift()
      this.running++
      this.exclusive = limit === undefined
      void this.invoke(next).finally(() => {
        this.running--
        this.pump()
      })
    }
  }

  private async invoke(call: QueuedCall): Promise<void> {
    this.bindingCalls++
    const began = performance.now()
    const outcome = await callBinding(this.members[call.ns], call.member, () => (call.json === undefined ? undefined : JSON.parse(call.json)))
    this.bindingMs += performance.now() - began
    const payload = outcome.ok ? (outcome.value === undefined ? null : JSON.stringify(outcome.value)) : outcome.message
    this.deliver(call.id, outcome.ok, payload)
  }

  private deliver(id: number, ok: boolean, payload: string | null): void {
    if (this.closed) return
    this.outbox.push(id, ok, payload)
    if (this.flushing) return
    this.flushing = true
    // why: setImmediate runs after every microtask of this host turn, so a serial queue of fast
    // bindings (Promise.all) delivers all its results in one isolate task, still in order.
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushing = false
    const batch = this.outbox
    this.outbox = []
    if (this.closed || this.context === undefined || batch.length === 0) return
    try {
      this.track(this.context.resolve(batch, this.remainingCpuMs()))
    } catch (error) {
      this.track(Promise.reject(error))
    }
  }

  /** The isolate's CPU clock now, or the last reading once the isolate is gone (never goes back). */
  private cpuNow(): bigint {
    const now = this.slot.cpuTimeNs()
    if (this.cpuLastNs === undefined || now > this.cpuLastNs) this.cpuLastNs = now
    return this.cpuLastNs
  }

  private remainingCpuMs(): number {
    const used = Number(this.cpuNow() - this.cpuStartNs) / 1e6
    return Math.max(1, Math.ceil(this.budgets.cpuMs - used))
  }
}

function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
