import type { ChildProcess } from 'node:child_process'
import type { Duplex } from 'node:stream'
import { onAbort } from '@isocode/code-runtime'
import type { CodeRunResult, CodeRunUsage, RunJournal } from '@isocode/code-runtime'
import type { ResolvedIsolateRuntimeConfig } from '../engine/config.ts'
import { describeHostError } from '../engine/describe-error.ts'
import { OutputBook } from '../engine/output-book.ts'
import { PeerPoll } from '../engine/peer-poll.ts'
import { budgetMessage } from '../engine/run-clock.ts'
import type { PollCounts } from '../isolate/pool-stats.ts'
import type { RunOrder } from '../engine/run-request.ts'
import { checkChildMessage } from './check-message.ts'
import { type ChildExit, describeExit, failureBeforeStart, failureOfExit, firstLine } from './child-exit.ts'
import { type ChildCommand, childCommand, spawnRuntimeChild, StderrTail } from './child-spawn.ts'
import { type HostRun, HostedRun } from './hosted-run.ts'
import {
  type Call,
  CHANNEL_FD,
  childFrameLimit,
  PARENT_FRAME_LIMIT,
  type Reply,
  type ToChild,
} from './wire/child-protocol.ts'
import { FrameChannel } from './wire/frame-channel.ts'

/** What a host tells its supervisor. */
export interface HostEvents {
  /** The host finished a run (or became ready) and can take the next one. */
  idle(host: ChildHost): void
  /** The process is gone; `started` says whether it had become ready first. */
  exited(host: ChildHost, exit: ChildExit, started: boolean): void
  /** Where the host counts its polling for the child's answers (see PeerPoll). */
  readonly pollCounts?: PollCounts
}

// why: a child that ignores the dispose message (stuck in native code) is killed after this.
const DISPOSE_GRACE_MS = 5_000
// why: the child enforces every budget itself; these backstops only catch a child that stopped
// answering (hung in native code, stopped), so a run can never outlive its budgets by much.
const WALL_BACKSTOP_MS = 1_000
// why: a child that neither becomes ready nor exits (hung while booting) must not hang start-up.
const START_TIMEOUT_MS = 30_000
// why: a child running the program's code after an await on its main thread reads no message
// until that code awaits again (child/child-main.ts); a healthy idle child answers an abort within a few ms.
const ABORT_BACKSTOP_MS = 250

/**
 * Where a host is. `starting` → `idle` ⇄ `serving` → `ending` → `gone`; a child that fails to
 * start goes from `starting` (or `ending`, never `started`) to `gone`. Messages are read only
 * while `starting`, `idle` or `serving`; the child's process, stderr pipe and channel keep this
 * process alive in every phase but `idle` (RT-43).
 * - `serving`: the one run the child serves.
 * - `ending`: the process was told to exit or killed (`why`); its exit is awaited.
 * - `gone`: the process exited; `retired` when its last result said it would (not a loss).
 */
type HostState =
  | { readonly phase: 'starting' }
  | { readonly phase: 'idle'; readonly since: number }
  | { readonly phase: 'serving'; readonly run: HostedRun }
  | {
      readonly phase: 'ending'
      readonly why: 'broken' | 'retired' | 'given-up' | 'disposed'
      readonly started: boolean
    }
  | { readonly phase: 'gone'; readonly retired: boolean }

/**
 * One supervised runtime child process and the run it serves (one at a time). Binding calls
 * arrive from the child and run here, against the request's real functions; when the process
 * dies, its run ends with `memory` or `crash` and keeps the logs that reached the parent.
 */
export class ChildHost {
  readonly ready: Promise<void>
  private state: HostState = { phase: 'starting' }
  private readonly child: ChildProcess
  private readonly channel: FrameChannel
  private readonly stderr = new StderrTail()
  private readonly closed: Promise<void>
  // why: after the replies to its calls, the child's next message usually follows within tens of µs.
  private readonly poll: PeerPoll
  private readonly startTimer: NodeJS.Timeout
  // why: one wall backstop armed while runs are live, re-armed across them (see watchWall).
  private wallTimer: NodeJS.Timeout | undefined
  private nextRun = 1
  private markReady!: () => void
  private failStart!: (error: Error) => void

  constructor(
    private readonly config: ResolvedIsolateRuntimeConfig,
    private readonly events: HostEvents,
    command: ChildCommand = childCommand(),
  ) {
    this.child = spawnRuntimeChild(config, command)
    this.poll = new PeerPoll(config.pollMicros / 1000, { counts: events.pollCounts })
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve
      this.failStart = reject
    })
    // why: a start failure is also reported through `exited`; nobody may be awaiting `ready`.
    this.ready.catch(() => undefined)
    this.startTimer = setTimeout(() => this.startTimedOut(), START_TIMEOUT_MS).unref()
    this.channel = new FrameChannel(
      this.child.stdio[CHANNEL_FD] as Duplex,
      childFrameLimit(config),
      PARENT_FRAME_LIMIT,
      {
        message: (raw) => this.receive(raw),
        malformed: (reason) => void (this.reading && this.malformed(reason)),
        error: (error) => this.stderr.push(`\n${String(error)}\n`),
      },
    )
    // why: 'close' comes after stdio is drained, so V8's fatal report is in the stderr tail.
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
        this.exited({ code, signal, stderr: this.stderr.toString() })
        resolve()
      })
    })
    this.child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk))
    this.child.on('error', (error) => this.stderr.push(`\n${String(error)}\n`))
  }

  /** Whether the process is up and serves no run. */
  get idle(): boolean {
    return this.state.phase === 'idle'
  }

  /** When the host last became idle (performance.now()); the supervisor prefers the oldest. */
  get idleSince(): number {
    return this.state.phase === 'idle' ? this.state.since : Number.POSITIVE_INFINITY
  }

  /** The child said its last result retires it: its exit was expected, not a loss. */
  get retired(): boolean {
    return this.state.phase === 'gone' && this.state.retired
  }

  /** The child's process id until it exited (for diagnostics and tests). */
  get pid(): number | undefined {
    return this.state.phase === 'gone' ? undefined : this.child.pid
  }

  /**
   * Start `request` in the child; resolves with its result or with the way the process died, and
   * whether it died before it acknowledged starting the program.
   */
  run(order: RunOrder): Promise<HostRun> {
    const id = this.nextRun++
    return new Promise((resolve) => {
      const run = new HostedRun(
        id,
        order,
        this.config.outputBytes,
        this.config.wallMs + WALL_BACKSTOP_MS,
        (replies) => this.sendReplies(run, replies),
        resolve,
      )
      this.enter({ phase: 'serving', run })
      this.watchWall()
      const { code, signal, journal, shapes, replay } = order
      run.detach = onAbort(signal, () => this.aborted(run, describeHostError(signal?.reason)))
      // why: the journal crosses the wire only for a journaled run (rule RT-49), and with it the
      // outcomes the child may serve itself (RT-71).
      this.send(
        journal === undefined
          ? { t: 'run', run: id, program: code, namespaces: shapes }
          : replay === undefined
            ? { t: 'run', run: id, program: code, namespaces: shapes, journal }
            : { t: 'run', run: id, program: code, namespaces: shapes, journal, replay: replay.calls },
      )
    })
  }

  /** End the live run with `abort`, ask the child to dispose and wait for it to exit. */
  dispose(reason: string): Promise<void> {
    const run = this.serving
    if (run !== undefined) this.finish(run, { logs: run.ledger.output.logs, error: { kind: 'abort', message: reason } })
    const state = this.state
    if (state.phase === 'starting') {
      // why: a child still booting may not listen yet; nothing of a program runs in it.
      this.enter({ phase: 'ending', why: 'disposed', started: false })
      this.child.kill('SIGKILL')
    } else if (state.phase === 'idle' || state.phase === 'serving') {
      this.send({ t: 'dispose' })
      // why: entered even when idle: a caller awaiting the disposal is kept alive until the child is gone.
      this.enter({ phase: 'ending', why: 'disposed', started: true })
      // why: a child busy in a program's code on its main thread reads nothing until it awaits.
      const timer = setTimeout(
        () => this.child.kill('SIGKILL'),
        run === undefined ? DISPOSE_GRACE_MS : ABORT_BACKSTOP_MS,
      )
      void this.closed.then(() => clearTimeout(timer))
    }
    return this.closed
  }

  /** Whether the child's messages are still read. */
  private get reading(): boolean {
    const phase = this.state.phase
    return phase === 'starting' || phase === 'idle' || phase === 'serving'
  }

  /** The run the child serves, if any. */
  private get serving(): HostedRun | undefined {
    return this.state.phase === 'serving' ? this.state.run : undefined
  }

  /**
   * Move to `next`; the child's handles keep this process alive in every phase but `idle`, so an
   * idle runtime never holds a script open (RT-43).
   */
  private enter(next: HostState): void {
    const wasIdle = this.state.phase === 'idle'
    this.state = next
    if (wasIdle === (next.phase === 'idle')) return
    const handles = [this.child, this.child.stderr, this.child.stdio[CHANNEL_FD]] as Array<{
      ref(): void
      unref(): void
    } | null>
    for (const handle of handles) {
      if (wasIdle) handle?.ref()
      else handle?.unref()
    }
  }

  private receive(raw: unknown): void {
    const state = this.state
    if (!this.reading) return
    const checked = checkChildMessage(raw)
    if (!checked.ok) return this.malformed(checked.reason)
    const message = checked.message
    if (message.t === 'ready') return state.phase === 'starting' ? this.becameReady() : undefined
    if (state.phase !== 'serving') return
    const run = state.run
    // why: lines the program prints between two calls do not end the wait for its next call.
    if (message.t !== 'logs' && message.t !== 'started') this.poll.answered()
    if (message.t === 'calls') {
      this.enqueue(run, message.calls)
      // why: RT-64 — the turn that made these calls ended; told after they were queued.
      if (message.idle === run.id) run.idle()
      return
    }
    if (message.run !== run.id) return
    // why: from here on the program may have run and called bindings, so the run is never retried (RT-42).
    run.started = true
    if (message.t === 'started') return
    if (message.t === 'logs') return this.logs(run, message.lines)
    if (message.t === 'journal') return this.journaled(run, message.chunk)
    if (message.t === 'idle') return run.idle()
    if (message.t === 'served') return run.served(message.calls)
    // why: a retiring child exits after this result; ending now, it is never handed another run.
    if (message.retire === true) this.enter({ phase: 'ending', why: 'retired', started: true })
    this.result(run, message.result)
  }

  private becameReady(): void {
    clearTimeout(this.startTimer)
    this.enter({ phase: 'idle', since: performance.now() })
    this.markReady()
    this.events.idle(this)
  }

  private startTimedOut(): void {
    this.stderr.push(`\nError: not ready within ${START_TIMEOUT_MS} ms; killed\n`)
    this.child.kill('SIGKILL')
  }

  /** The process exited: its run (if any) ends the way the process died, and the supervisor is told. */
  private exited(exit: ChildExit): void {
    const state = this.state
    const started = state.phase !== 'starting' && !(state.phase === 'ending' && !state.started)
    clearTimeout(this.startTimer)
    clearTimeout(this.wallTimer)
    const run = this.serving
    this.enter({ phase: 'gone', retired: state.phase === 'ending' && state.why === 'retired' })
    if (!started)
      this.failStart(
        new Error(
          `the runtime child process did not start (${describeExit(exit)}): ${firstLine(exit.stderr) ?? 'no output'}`,
        ),
      )
    if (run !== undefined) {
      const error = run.started ? failureOfExit(exit, this.config.memoryMb) : failureBeforeStart(exit)
      this.finish(run, { logs: run.ledger.output.logs, error }, !run.started)
    }
    this.events.exited(this, exit, started)
  }

  private aborted(run: HostedRun, reason: string): void {
    this.send({ t: 'abort', run: run.id, reason })
    const timer = setTimeout(
      () =>
        this.giveUp(
          run,
          'abort',
          `the run was aborted (${reason}); the runtime process stopped answering and was killed`,
        ),
      ABORT_BACKSTOP_MS,
    )
    run.timers.push(timer.unref())
  }

  private enqueue(run: HostedRun, calls: Call[]): void {
    // why: the seam's rule (calls start in submission order, one at a time unless a namespace's
    // concurrency-safe members allow overlap) is kept here, where the functions run; the child
    // forwards calls as the program makes them.
    for (const call of calls) if (call.run === run.id) run.ledger.schedule(call)
  }

  private logs(run: HostedRun, lines: string[]): void {
    for (const line of lines) {
      // why: the child ends a run at the first line over the cap and never streams it, so a line
      // that does not fit here is a broken child; the parent keeps no more than the cap either way.
      if (!run.ledger.record(line, false))
        return this.malformed(`log lines over the ${run.ledger.output.cap}-byte output cap`)
    }
  }

  private journaled(run: HostedRun, chunk: RunJournal): void {
    // why: the child ends a run whose journal passes the limit and never streams past it, and
    // sends none for a run without one; anything else is a broken child.
    if (run.ledger.journal === undefined) return this.malformed('a journal for a run that keeps none')
    if (!run.ledger.journal.add(chunk)) this.malformed('a journal over its limit')
  }

  private result(run: HostedRun, result: CodeRunResult): void {
    // why: a result is held to the same cap as in-process (logs plus value); the logs it names
    // are the child's own copy of what it streamed.
    const book = new OutputBook(this.config.outputBytes)
    const logsFit = result.logs.every((line) => book.add(line))
    if (!logsFit || (result.value !== undefined && !book.fits(JSON.stringify(result.value)))) {
      // why: named, since the run of a retiring child is no longer the one it serves.
      return this.malformed(`a result over the ${book.cap}-byte output cap`, run)
    }
    this.finish(run, result)
  }

  /**
   * A message of the wrong shape, or one that breaks the output cap: the child is broken (or
   * worse), so it is killed like a crash, and nothing more of it is read. Its run ends with
   * `crash` and keeps the lines that reached the parent within the cap; the supervisor replaces
   * the process. A child still starting is reported as a failed start.
   */
  private malformed(reason: string, run = this.serving): void {
    const text = `the runtime process sent a malformed message (${reason}); it was killed`
    this.stderr.push(`\nError: ${text}\n`)
    this.channel.stop(reason)
    // why: a retiring child stays retiring: its exit is still expected.
    if (this.reading) this.enter({ phase: 'ending', why: 'broken', started: this.state.phase !== 'starting' })
    if (run !== undefined)
      this.finish(run, {
        logs: run.ledger.output.logs,
        error: { kind: 'crash', message: `${text}; a new process replaces it` },
      })
    this.child.kill('SIGKILL')
  }

  private sendReplies(run: HostedRun, replies: Reply[]): void {
    if (this.serving !== run) return
    this.send({ t: 'replies', replies })
    this.poll.sent()
  }

  /**
   * Keep one wall backstop timer armed while a run is live; runs start one after another, so a
   * timer that fires early for the live run re-arms for the rest (no timer per run).
   */
  private watchWall(): void {
    const run = this.serving
    if (this.wallTimer !== undefined || run === undefined) return
    this.wallTimer = setTimeout(
      () => {
        this.wallTimer = undefined
        const live = this.serving
        if (live === undefined) return
        if (performance.now() < live.deadline) return this.watchWall()
        this.giveUp(
          live,
          'timeout',
          `${budgetMessage(this.config, 'wall')} (the runtime process stopped answering and was killed)`,
        )
      },
      Math.max(1, Math.ceil(run.deadline - performance.now())),
    )
    this.wallTimer.unref()
  }

  /** The child stopped answering for `run`: end it with `kind` and kill the process. */
  private giveUp(run: HostedRun, kind: 'timeout' | 'abort', message: string): void {
    if (this.serving !== run) return
    // why: ending before the run is finished, so the supervisor never hands this process another.
    this.enter({ phase: 'ending', why: 'given-up', started: true })
    this.finish(run, { logs: run.ledger.output.logs, error: { kind, message } })
    this.child.kill('SIGKILL')
  }

  /** Settle `run` once (usage as in `HostedRun.settle`); the host becomes idle if it still serves it. */
  private finish(
    run: HostedRun,
    outcome: Omit<CodeRunResult, 'usage'> & { usage?: CodeRunUsage },
    diedBeforeStart = false,
  ): void {
    if (!run.open) return
    this.poll.stop()
    if (this.serving === run) this.enter({ phase: 'idle', since: performance.now() })
    run.settle(outcome, diedBeforeStart)
    if (this.state.phase === 'idle') this.events.idle(this)
  }

  private send(message: ToChild): void {
    // why: once the child is ending its channel may be closed; its run is settled through 'close'.
    if (!this.reading) return
    this.channel.send(message)
  }
}
