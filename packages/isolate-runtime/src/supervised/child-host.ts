import type { ChildProcess } from 'node:child_process'
import type { Duplex } from 'node:stream'
import { onAbort } from '@isocode/code-runtime'
import type { CodeRunResult, CodeRunUsage, RunJournal } from '@isocode/code-runtime'
import { namespaceShapes } from '../engine/binding-call.ts'
import type { ResolvedIsolateRuntimeConfig } from '../engine/config.ts'
import { describeHostError } from '../engine/describe-error.ts'
import { OutputBook } from '../engine/output-book.ts'
import { PeerPoll } from '../engine/peer-poll.ts'
import type { PollCounts } from '../isolate/pool-stats.ts'
import type { IsolateRunRequest } from '../engine/run-request.ts'
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
  type ToParent,
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
 * One supervised runtime child process and the run it serves (one at a time). Binding calls
 * arrive from the child and run here, against the request's real functions; when the process
 * dies, its run ends with `memory` or `crash` and keeps the logs that reached the parent.
 */
export class ChildHost {
  readonly ready: Promise<void>
  private readonly child: ChildProcess
  private readonly channel: FrameChannel
  private readonly stderr = new StderrTail()
  private active: HostedRun | undefined
  private wallTimer: NodeJS.Timeout | undefined
  /** When the host last became idle (performance.now()); the supervisor prefers the oldest. */
  idleSince = 0
  private state: 'starting' | 'ready' | 'gone' = 'starting'
  private nextRun = 1
  // why: after one malformed message nothing more of that child is read.
  private broken = false
  /** The child said its last result retires it; its exit is expected, not a loss. */
  retired = false
  // why: whether the child's process, stderr pipe and channel keep this process alive (RT-43).
  private held = true
  private readonly closed: Promise<void>
  // why: after the replies to its calls, the child's next message usually follows within tens of µs.
  private readonly poll: PeerPoll

  constructor(
    private readonly config: ResolvedIsolateRuntimeConfig,
    private readonly events: HostEvents,
    command: ChildCommand = childCommand(),
  ) {
    this.child = spawnRuntimeChild(config, command)
    this.poll = new PeerPoll(config.pollMicros / 1000, { counts: events.pollCounts })
    this.child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk))
    let markReady!: () => void
    let failStart!: (error: Error) => void
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve
      failStart = reject
    })
    // why: a start failure is also reported through `exited`; nobody may be awaiting `ready`.
    this.ready.catch(() => undefined)
    const startTimer = setTimeout(() => {
      this.stderr.push(`\nError: not ready within ${START_TIMEOUT_MS} ms; killed\n`)
      this.child.kill('SIGKILL')
    }, START_TIMEOUT_MS)
    startTimer.unref()
    const onMessage = (raw: unknown): void => {
      if (this.broken || this.state === 'gone') return
      const checked = checkChildMessage(raw)
      if (!checked.ok) return this.malformed(checked.reason)
      const message = checked.message
      if (message.t === 'ready' && this.state === 'starting') {
        clearTimeout(startTimer)
        this.state = 'ready'
        this.idleSince = performance.now()
        markReady()
        this.events.idle(this)
        this.holdProcess(!this.idle)
      } else {
        this.onMessage(message)
      }
    }
    this.channel = new FrameChannel(
      this.child.stdio[CHANNEL_FD] as Duplex,
      childFrameLimit(config),
      PARENT_FRAME_LIMIT,
      {
        message: onMessage,
        malformed: (reason) => void (!this.broken && this.state !== 'gone' && this.malformed(reason)),
        error: (error) => this.stderr.push(`\n${String(error)}\n`),
      },
    )
    // why: 'close' comes after stdio is drained, so V8's fatal report is in the stderr tail.
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
        const started = this.state !== 'starting'
        clearTimeout(startTimer)
        clearTimeout(this.wallTimer)
        this.state = 'gone'
        const exit: ChildExit = { code, signal, stderr: this.stderr.toString() }
        if (!started)
          failStart(
            new Error(
              `the runtime child process did not start (${describeExit(exit)}): ${firstLine(exit.stderr) ?? 'no output'}`,
            ),
          )
        this.settle(exit)
        this.events.exited(this, exit, started)
        resolve()
      })
    })
    this.child.on('error', (error) => this.stderr.push(`\n${String(error)}\n`))
  }

  /** Whether the process is up and serves no run. */
  get idle(): boolean {
    return this.state === 'ready' && this.active === undefined
  }

  /**
   * Start `request` in the child; resolves with its result or with the way the process died, and
   * whether it died before it acknowledged starting the program.
   */
  run(request: IsolateRunRequest): Promise<HostRun> {
    const id = this.nextRun++
    this.holdProcess(true)
    return new Promise((resolve) => {
      const run = new HostedRun(
        id,
        request,
        this.config.outputBytes,
        this.config.wallMs + WALL_BACKSTOP_MS,
        (replies) => this.sendReplies(run, replies),
        resolve,
      )
      this.active = run
      this.watchWall()
      run.detach = onAbort(request.signal, () => {
        const reason = describeHostError(request.signal?.reason)
        this.send({ t: 'abort', run: id, reason })
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
      })
      const namespaces = namespaceShapes(request.bindings, run.ledger.memberTables)
      // why: the journal crosses the wire only for a journaled run (rule RT-49); the supervisor checked it.
      const journal = request.journal as RunJournal | undefined
      this.send(
        journal === undefined
          ? { t: 'run', run: id, program: request.program, namespaces }
          : { t: 'run', run: id, program: request.program, namespaces, journal },
      )
    })
  }

  /** The child's process id while it runs (for diagnostics and tests). */
  get pid(): number | undefined {
    return this.state === 'gone' ? undefined : this.child.pid
  }

  /** End the live run with `abort`, ask the child to dispose and wait for it to exit. */
  dispose(reason: string): Promise<void> {
    const run = this.active
    if (run !== undefined) this.finish(run, { logs: run.ledger.output.logs, error: { kind: 'abort', message: reason } })
    // why: a caller awaiting the disposal must be kept alive until the child is gone.
    this.holdProcess(true)
    if (this.state === 'starting') {
      // why: a child still booting may not listen yet; nothing of a program runs in it.
      this.child.kill('SIGKILL')
    } else if (this.state !== 'gone') {
      this.send({ t: 'dispose' })
      // why: a child busy in a program's code on its main thread reads nothing until it awaits.
      const timer = setTimeout(
        () => this.child.kill('SIGKILL'),
        run === undefined ? DISPOSE_GRACE_MS : ABORT_BACKSTOP_MS,
      )
      void this.closed.then(() => clearTimeout(timer))
    }
    return this.closed
  }

  private onMessage(message: ToParent): void {
    const run = this.active
    if (message.t === 'ready' || run === undefined) return
    // why: lines the program prints between two calls do not end the wait for its next call.
    if (message.t !== 'logs' && message.t !== 'started') this.poll.answered()
    if (message.t === 'calls') return this.enqueue(run, message.calls)
    if (message.run !== run.id) return
    // why: from here on the program may have run and called bindings, so the run is never retried (RT-42).
    run.started = true
    if (message.t === 'started') return
    if (message.t === 'logs') return this.logs(run, message.lines)
    if (message.t === 'journal') return this.journaled(run, message.chunk)
    // why: a retiring child exits after this result; gone now, it is never handed another run.
    if (message.retire === true) {
      this.retired = true
      this.state = 'gone'
    }
    this.result(run, message.result)
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
      return this.malformed(`a result over the ${book.cap}-byte output cap`)
    }
    this.finish(run, result)
  }

  /**
   * A message of the wrong shape, or one that breaks the output cap: the child is broken (or
   * worse), so it is killed like a crash. Its run ends with `crash` and keeps the lines that
   * reached the parent within the cap; the supervisor replaces the process.
   */
  private malformed(reason: string): void {
    const text = `the runtime process sent a malformed message (${reason}); it was killed`
    this.stderr.push(`\nError: ${text}\n`)
    this.broken = true
    this.channel.stop(reason)
    const run = this.active
    // why: a ready child becomes gone at once, so no message of it is read and no run is handed
    // to it; a child still starting stays 'starting', so its start is reported as failed.
    if (this.state === 'ready') this.state = 'gone'
    if (run !== undefined)
      this.finish(run, {
        logs: run.ledger.output.logs,
        error: { kind: 'crash', message: `${text}; a new process replaces it` },
      })
    this.child.kill('SIGKILL')
  }

  private sendReplies(run: HostedRun, replies: Reply[]): void {
    if (this.active !== run) return
    this.send({ t: 'replies', replies })
    this.poll.sent()
  }

  /**
   * Keep one wall backstop timer armed while a run is live; runs start one after another, so a
   * timer that fires early for the live run re-arms for the rest (no timer per run).
   */
  private watchWall(): void {
    const run = this.active
    if (this.wallTimer !== undefined || run === undefined || this.state === 'gone') return
    this.wallTimer = setTimeout(
      () => {
        this.wallTimer = undefined
        const live = this.active
        if (live === undefined) return
        if (performance.now() < live.deadline) return this.watchWall()
        const wall = this.config.wallMs
        this.giveUp(
          live,
          'timeout',
          `wall-clock budget of ${wall} ms exceeded (the runtime process stopped answering and was killed)`,
        )
      },
      Math.max(1, Math.ceil(run.deadline - performance.now())),
    )
    this.wallTimer.unref()
  }

  /** The child stopped answering for `run`: end it with `kind` and kill the process. */
  private giveUp(run: HostedRun, kind: 'timeout' | 'abort', message: string): void {
    if (this.active !== run) return
    // why: gone before the run is finished, so the supervisor never hands this process another.
    this.state = 'gone'
    this.finish(run, { logs: run.ledger.output.logs, error: { kind, message } })
    this.child.kill('SIGKILL')
  }

  /** Settle `run` once (usage as in `HostedRun.settle`) and report this host idle if it still serves. */
  private finish(
    run: HostedRun,
    outcome: Omit<CodeRunResult, 'usage'> & { usage?: CodeRunUsage },
    diedBeforeStart = false,
  ): void {
    if (this.active !== run) return
    this.active = undefined
    this.poll.stop()
    this.idleSince = performance.now()
    run.settle(outcome, diedBeforeStart)
    if (this.state === 'ready') this.events.idle(this)
    this.holdProcess(!this.idle)
  }

  private settle(exit: ChildExit): void {
    const run = this.active
    if (run === undefined) return
    const error = run.started ? failureOfExit(exit, this.config.memoryMb) : failureBeforeStart(exit)
    this.finish(run, { logs: run.ledger.output.logs, error }, !run.started)
  }

  /**
   * Let the child's process, stderr pipe and channel keep this process alive only while the host
   * starts, serves a run, dies or is disposed: an idle runtime never holds a script open (RT-43).
   */
  private holdProcess(held: boolean): void {
    if (held === this.held) return
    this.held = held
    const handles = [this.child, this.child.stderr, this.child.stdio[CHANNEL_FD]] as Array<{
      ref(): void
      unref(): void
    } | null>
    for (const handle of handles) {
      if (held) handle?.ref()
      else handle?.unref()
    }
  }

  private send(message: ToChild): void {
    // why: the channel closes when the child dies; that run is settled through 'close' instead.
    if (this.state === 'gone') return
    this.channel.send(message)
  }
}
