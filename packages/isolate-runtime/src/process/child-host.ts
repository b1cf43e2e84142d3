import type { ChildProcess } from 'node:child_process'
import type { CodeBinding, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import type { ResolvedIsolateRuntimeConfig } from '../config.ts'
import { callBinding, memberTables } from '../binding-call.ts'
import { describeHostError } from '../describe.ts'
import type { IsolateRunRequest } from '../request.ts'
import { type ChildExit, describeExit, failureOfExit, firstLine } from './exit.ts'
import { isMessage, type ToChild, type ToParent } from './protocol.ts'
import { type ChildCommand, childCommand, spawnRuntimeChild, StderrTail } from './spawn.ts'

interface ActiveRun {
  id: number
  members: Map<string, CodeBinding>[]
  logs: string[]
  resolve: (result: CodeRunResult) => void
  onLog: ((line: string) => void) | undefined
  detach: () => void
  timers: NodeJS.Timeout[]
}

/** What a host tells its supervisor. */
export interface HostEvents {
  /** The host finished a run (or became ready) and can take the next one. */
  idle(host: ChildHost): void
  /** The process is gone; `started` says whether it had become ready first. */
  exited(host: ChildHost, exit: ChildExit, started: boolean): void
}

// why: a child that ignores the dispose message (stuck in native code) is killed after this.
const DISPOSE_GRACE_MS = 5_000
// why: the child enforces every budget itself; these backstops only catch a child that stopped
// answering (hung in native code, stopped), so a run can never outlive its budgets by much.
const WALL_BACKSTOP_MS = 1_000
// why: a child that neither becomes ready nor exits (hung while booting) must not hang start-up.
const START_TIMEOUT_MS = 30_000
const ABORT_BACKSTOP_MS = 1_000

/**
 * One supervised runtime child process and the run it serves (one at a time). Binding calls
 * arrive from the child and run here, against the request's real functions; when the process
 * dies, its run ends with `memory` or `crash` and keeps the logs that reached the parent.
 */
export class ChildHost {
  readonly ready: Promise<void>
  private readonly child: ChildProcess
  private readonly stderr = new StderrTail()
  private active: ActiveRun | undefined
  private state: 'starting' | 'ready' | 'gone' = 'starting'
  private nextRun = 1
  private readonly closed: Promise<void>

  constructor(
    private readonly config: ResolvedIsolateRuntimeConfig,
    private readonly events: HostEvents,
    command: ChildCommand = childCommand(),
  ) {
    this.child = spawnRuntimeChild(config, command)
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
    this.child.on('message', (message: unknown) => {
      if (!isMessage(message)) return
      if (message.t === 'ready' && this.state === 'starting') {
        clearTimeout(startTimer)
        this.state = 'ready'
        markReady()
        this.events.idle(this)
      } else {
        this.onMessage(message as ToParent)
      }
    })
    // why: 'close' comes after stdio is drained, so V8's fatal report is in the stderr tail.
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
        const started = this.state !== 'starting'
        clearTimeout(startTimer)
        this.state = 'gone'
        const exit: ChildExit = { code, signal, stderr: this.stderr.toString() }
        if (!started) failStart(new Error(`the runtime child process did not start (${describeExit(exit)}): ${firstLine(exit.stderr) ?? 'no output'}`))
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

  /** Start `request` in the child; resolves with its result or with the way the process died. */
  run(request: IsolateRunRequest): Promise<CodeRunResult> {
    const id = this.nextRun++
    return new Promise((resolve) => {
      const members = memberTables(request.bindings)
      const run: ActiveRun = { id, members, logs: [], resolve, onLog: request.onLog, detach: () => {}, timers: [] }
      this.active = run
      const wall = this.config.wallBudgetMs
      this.backstop(run, wall + WALL_BACKSTOP_MS, 'timeout', `wall-clock budget of ${wall} ms exceeded (the runtime process stopped answering and was killed)`)
      const { signal } = request
      if (signal !== undefined) {
        const onAbort = (): void => {
          const reason = describeHostError(signal.reason)
          this.send({ t: 'abort', run: id, reason })
          this.backstop(run, ABORT_BACKSTOP_MS, 'abort', `the run was aborted (${reason}); the runtime process stopped answering and was killed`)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        run.detach = () => signal.removeEventListener('abort', onAbort)
      }
      const namespaces = request.bindings.map((ns, i) => ({
        global: ns.global,
        members: [...(members[i] as Map<string, CodeBinding>).keys()],
        ...(ns.errorClass === undefined ? {} : { errorClass: { name: ns.errorClass.name, memberNameProperty: ns.errorClass.memberNameProperty } }),
        ...(ns.concurrent === undefined ? {} : { concurrent: { members: [...ns.concurrent.members], limit: ns.concurrent.limit } }),
      }))
      this.send({ t: 'run', run: id, program: request.program, namespaces })
    })
  }

  /** The child's process id while it runs (for diagnostics and tests). */
  get pid(): number | undefined {
    return this.state === 'gone' ? undefined : this.child.pid
  }

  /** End the live run with `abort`, ask the child to dispose and wait for it to exit. */
  dispose(reason: string): Promise<void> {
    const run = this.active
    if (run !== undefined) this.finish(run, { logs: run.logs, error: { kind: 'abort', message: reason } })
    if (this.state === 'starting') {
      // why: a child still booting may not listen yet; nothing of a program runs in it.
      this.child.kill('SIGKILL')
    } else if (this.state !== 'gone') {
      this.send({ t: 'dispose' })
      const timer = setTimeout(() => this.child.kill('SIGKILL'), DISPOSE_GRACE_MS)
      void this.closed.then(() => clearTimeout(timer))
    }
    return this.closed
  }

  private onMessage(message: ToParent): void {
    const run = this.active
    if (message.t === 'ready' || run === undefined || message.run !== run.id) return
    if (message.t === 'logs') this.logs(run, message.lines)
    else if (message.t === 'result') this.finish(run, message.result)
    else void this.invoke(run, message.call, message.ns, message.member, message.args)
  }

  private logs(run: ActiveRun, lines: string[]): void {
    run.logs.push(...lines)
    if (run.onLog === undefined) return
    for (const line of lines) {
      try {
        run.onLog(line)
      } catch {
        // why: as in-process, a throwing tap is the host's bug and must not disturb the run.
      }
    }
  }

  private async invoke(run: ActiveRun, call: number, ns: number, member: string, args: JsonValue | undefined): Promise<void> {
    const outcome = await callBinding(run.members[ns], member, () => args)
    let reply: ToChild = { t: 'reply', call, ok: true }
    if (!outcome.ok) reply = { t: 'reply', call, ok: false, message: outcome.message }
    else if (outcome.value !== undefined) reply = { t: 'reply', call, ok: true, value: outcome.value }
    // why: a result for a run that already ended is never delivered (clarification 3).
    if (this.active === run) this.send(reply)
  }

  private backstop(run: ActiveRun, ms: number, kind: 'timeout' | 'abort', message: string): void {
    const timer = setTimeout(() => {
      if (this.active !== run) return
      // why: gone before the run is finished, so the supervisor never hands this process another.
      this.state = 'gone'
      this.finish(run, { logs: run.logs, error: { kind, message } })
      this.child.kill('SIGKILL')
    }, ms)
    timer.unref()
    run.timers.push(timer)
  }

  private finish(run: ActiveRun, result: CodeRunResult): void {
    if (this.active !== run) return
    this.active = undefined
    for (const timer of run.timers) clearTimeout(timer)
    run.detach()
    run.resolve(result)
    if (this.state === 'ready') this.events.idle(this)
  }

  private settle(exit: ChildExit): void {
    const run = this.active
    if (run !== undefined) this.finish(run, { logs: run.logs, error: failureOfExit(exit, this.config.memoryLimitMb) })
  }

  private send(message: ToChild): void {
    // why: the channel closes when the child dies; that run is settled through 'close' instead.
    if (this.state === 'gone' || !this.child.connected) return
    this.child.send(message, (error) => {
      if (error !== null && error !== undefined) this.stderr.push(`\n${String(error)}\n`)
    })
  }
}
