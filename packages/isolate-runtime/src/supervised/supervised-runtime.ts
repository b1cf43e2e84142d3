import {
  CodeRuntime,
  CodeRuntimeError,
  CodeRuntimeErrorCode,
  observeRun,
  onAbort,
  withUsage,
} from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { type Context, Service } from 'cordis'
import { IsolateRuntimeConfigSchema, resolveConfig } from '../engine/config.ts'
import type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from '../engine/config.ts'
import { aborted, type IsolateRunRequest, type Opened, openRun, type RunOrder } from '../engine/run-request.ts'
import { withJournal } from '../engine/run-journal.ts'
import { stripProgram } from '../engine/strip-program.ts'
import { ChildHost } from './child-host.ts'
import type { PollCounts } from '../isolate/pool-stats.ts'
import { type ChildExit, describeExit, firstLine } from './child-exit.ts'

/** Lifetime counts of a supervised runtime, for leak checks and soak reports. */
export interface SupervisedRuntimeStats {
  /** Child processes started (the pool's, plus every replacement). */
  processesStarted: number
  /** Child processes that died while the runtime still needed them (crashes, V8 aborts). */
  processesLost: number
  /** Child processes that exited by design after a budget kill paused their isolate (RunSettings.pauseToLocate). */
  processesRetired: number
  /** Runs handed to a child process (a retried run counts twice). */
  runs: number
  /** Runs handed to a second child because the first died before starting the program (RT-42). */
  runsRetried: number
  /** The parent's polling for its children's answers to binding calls (config `pollMicros`). */
  polls: PollCounts
}

// why: RT-69 — one process beyond the runs in flight, started while idle, so a run never waits for
// a process to start when another one died; it costs one idle Node process (reported by the bench).
const SPARE_PROCESSES = 1

interface Waiting {
  order: RunOrder
  resolve: (result: CodeRunResult) => void
  detach: () => void
  /** A second attempt after a child died before starting the program (RT-42); never retried again. */
  retry: boolean
}

/**
 * `ctx.codeRuntime` on isolated-vm isolates hosted in supervised child processes, one isolate a
 * process: a program that aborts V8 (isolated-vm #457/#527) takes down only its own process, its
 * run ends with `memory` or `crash`, and a new process replaces it. Same config and budgets as
 * {@link InProcessIsolateRuntime}; `poolSize` is the number of processes.
 */
export class SupervisedIsolateRuntime extends CodeRuntime {
  static Config = IsolateRuntimeConfigSchema

  readonly language = 'typescript'
  readonly isolation = 'process'
  readonly config: ResolvedIsolateRuntimeConfig
  private readonly hosts = new Set<ChildHost>()
  private readonly waiting: Waiting[] = []
  private readonly counts: SupervisedRuntimeStats = {
    processesStarted: 0,
    processesLost: 0,
    processesRetired: 0,
    runs: 0,
    runsRetried: 0,
    polls: { polled: 0, caught: 0, skipped: 0 },
  }
  private started = false
  private disposing: Promise<void> | undefined
  /** Runs handed to a process and not yet settled. */
  private inFlight = 0

  constructor(ctx: Context, config?: IsolateRuntimeConfig) {
    super(ctx)
    this.config = resolveConfig(config)
  }

  async [Service.init](): Promise<() => Promise<void>> {
    // why: RT-69 — one child at start, ready before init resolves; the spare starts after it, so
    // the first child has the machine to itself, and the rest of the pool starts only on demand.
    const first = this.spawn()
    try {
      await first.ready
    } catch (error) {
      await this.dispose()
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.START_FAILED,
        `${(error as Error).message}; check that isolated-vm loads (node --no-node-snapshot)`,
      )
    }
    this.started = true
    this.refill()
    return () => this.dispose()
  }

  /**
   * Run one program in a child process; failures are values, and only misuse rejects. With
   * `onEvent`, the run's events arrive while it is live, each console line as it reaches the
   * parent (rules RT-44 to RT-47).
   */
  run(request: IsolateRunRequest): Promise<CodeRunResult> {
    return request?.onEvent === undefined ? this.handOut(request) : observeRun(request, this.observed)
  }

  private readonly observed = (request: CodeRunRequest): Promise<CodeRunResult> => this.handOut(request)

  private handOut(request: IsolateRunRequest): Promise<CodeRunResult> {
    let opened: Opened
    try {
      // why: stripped here, once, so children never load the TypeScript compiler (seconds of start-up
      // and tens of MB each); ts-blank-space keeps positions, so line:col stays the model's own.
      opened = openRun(request, this.assertUsable, stripProgram)
    } catch (error) {
      return Promise.reject(error)
    }
    // why: a pre-aborted request or a strip error needs no child: its result is settled already.
    return opened.order !== undefined ? this.place(opened.order) : Promise.resolve(opened.result)
  }

  private place(order: RunOrder): Promise<CodeRunResult> {
    const later = this.enqueue(order)
    // why: a journaled run that ends before a child took it still returns its (empty) journal (rule RT-49).
    return order.journal === undefined ? later : later.then(withJournal)
  }

  /**
   * Resolves once every child started so far is ready or gone: after start-up, once the spare is
   * up too (RT-69). Runs never need it; it is for callers that want the pool warm first.
   */
  async ready(): Promise<void> {
    await Promise.allSettled([...this.hosts].map((host) => host.ready))
  }

  /** Lifetime counts: processes started and lost, runs handed to a process. */
  stats(): SupervisedRuntimeStats {
    return { ...this.counts, polls: { ...this.counts.polls } }
  }

  /** End live and queued runs with `abort`, stop every child process and resolve once they exited; idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      for (const entry of this.waiting.splice(0)) this.drop(entry, aborted('the runtime was disposed'))
      await Promise.all([...this.hosts].map((host) => host.dispose('the runtime was disposed')))
    })()
    return this.disposing
  }

  // why: an arrow, handed to openRun.
  private readonly assertUsable = (): void => {
    if (!this.started || this.disposing !== undefined) {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.DISPOSED,
        'the supervised runtime is disposed (or not started); load the plugin again',
      )
    }
  }

  private enqueue(order: RunOrder, retry = false): Promise<CodeRunResult> {
    const host = this.idleHost()
    if (host === undefined) return this.wait(order, retry)
    return this.dispatch(host, order, retry)
  }

  /** Queue `order` until a host is idle (or its signal fires); starts missing hosts. */
  private wait(order: RunOrder, retry: boolean): Promise<CodeRunResult> {
    return new Promise((resolve) => {
      const entry: Waiting = { order, resolve, detach: () => {}, retry }
      entry.detach = onAbort(order.signal, () => this.drop(entry, aborted('the run was aborted while queued')))
      // why: a retry was handed out before every run still queued, so it keeps its place.
      if (retry) this.waiting.unshift(entry)
      else this.waiting.push(entry)
      this.refill()
    })
  }

  private spawn(): ChildHost {
    const host = new ChildHost(this.config, {
      idle: (idle) => this.next(idle),
      exited: (gone, exit, started) => this.lost(gone, exit, started),
      pollCounts: this.counts.polls,
    })
    this.counts.processesStarted++
    this.hosts.add(host)
    return host
  }

  private idleHost(): ChildHost | undefined {
    // why: the host idle the longest has had the most time to prepare its next context in its
    // own process, off this run's critical path; the one that just finished is still preparing.
    let best: ChildHost | undefined
    for (const host of this.hosts) if (host.idle && (best === undefined || host.idleSince < best.idleSince)) best = host
    return best
  }

  private dispatch(host: ChildHost, order: RunOrder, retry = false): Promise<CodeRunResult> {
    this.counts.runs++
    this.inFlight++
    this.refill()
    return host.run(order).then(({ result, diedBeforeStart }) => {
      this.inFlight--
      if (!diedBeforeStart || retry) return result
      // why: the child died before it acknowledged the program's start, so none of the program ran
      // (an idle child killed while the run was on its way): a fresh child runs it, once (RT-42).
      if (this.disposing !== undefined) return aborted('the runtime was disposed')
      if (order.signal?.aborted === true) return aborted()
      this.counts.runsRetried++
      return this.enqueue(order, true)
    })
  }

  private next(host: ChildHost): void {
    const entry = this.waiting.shift()
    if (entry === undefined) return
    entry.detach()
    void this.dispatch(host, entry.order, entry.retry).then(entry.resolve)
  }

  private drop(entry: Waiting, result: CodeRunResult): void {
    const index = this.waiting.indexOf(entry)
    if (index !== -1) this.waiting.splice(index, 1)
    entry.detach()
    entry.resolve(result)
  }

  private lost(host: ChildHost, exit: ChildExit, started: boolean): void {
    this.hosts.delete(host)
    if (this.disposing !== undefined) return
    if (host.retired) this.counts.processesRetired++
    else this.counts.processesLost++
    // why: a process that died under a program is replaced at once, so the pool stays warm; one
    // that could not even start is replaced only on demand, so a broken setup cannot spin.
    if (started) return this.refill()
    if (this.hosts.size === 0) {
      const message = `the runtime child process could not start (${describeExit(exit)}): ${firstLine(exit.stderr) ?? 'no output'}`
      for (const entry of this.waiting.splice(0))
        this.drop(entry, withUsage({ logs: [], error: { kind: 'crash', message } }))
    }
  }

  /**
   * Grow the pool to what the runs need plus one spare (RT-69): `poolSize` bounds the processes,
   * so it still bounds the runs at once, but a mostly sequential caller keeps two processes, not
   * `poolSize`. The spare is what the next run takes when its process dies (no start on its path).
   */
  private refill(): void {
    if (!this.started || this.disposing !== undefined) return
    const demand = Math.max(1, this.inFlight + this.waiting.length)
    const wanted = Math.min(this.config.poolSize, demand + SPARE_PROCESSES)
    while (this.hosts.size < wanted) this.spawn()
  }
}
