// The host side of the checker: a worker thread started on the first check (so importing this
// package never loads TypeScript), one request at a time, a time limit on each, and every failure
// of the checker itself turned into `unchecked` (the program then runs; the runtime still
// validates every call).
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { type CheckReply, type CheckRequest, READY } from './protocol.ts'
import { blockedMessage } from './report.ts'
import type { CheckResult, Inspection, ProgramChecker, ProgramCheckerOptions } from './types.ts'
import { ProgramCheckError } from './errors.ts'
import { VerdictCache } from './verdicts.ts'

/** The default time one check may take, worker start included. */
const DEFAULT_TIMEOUT_MS = 5_000

// why: an inspection (saving a program) is off every run's path, and its first analysis parses the
// lib files on a possibly loaded machine; the limit only ends a checker stuck on a pathological program.
const INSPECT_TIMEOUT_MS = 120_000

/**
 * The worker's V8 heap limits. A check keeps ~35–45 MB live (TypeScript, the lib files, a
 * 500-tool SDK) and leaves ~200 KB of garbage; uncapped on a machine with a few GB, V8 grows the
 * heap by up to 4x its live size and the worker reached ~250 MB over 1,000 checks. Under this cap
 * it grows by ~1.3x instead (~75 MB). A 16 MB young generation keeps GC time per check where it
 * was uncapped (8 MB promoted more of a check's short-lived objects: +0.5 ms of GC per check).
 */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 } as const

/** How to start the worker: a module path, or (`eval`) a script that loads it, and the Node flags it needs. */
export interface WorkerCommand {
  entry: string
  eval?: boolean
  execArgv: string[]
}

/**
 * The worker entry next to this module: `worker.js` with plain Node when built, `worker.ts` through
 * tsx and the `@isocode/source` condition when running from source (tests, the bench).
 */
export function workerCommand(moduleUrl: string = import.meta.url): WorkerCommand {
  if (!moduleUrl.endsWith('.ts')) return { entry: fileURLToPath(new URL('./worker.js', moduleUrl)), execArgv: [] }
  // why: Node 20 ignores `--import` in a worker's execArgv; tsx's tsImport loads the entry instead.
  const api = import.meta.resolve('tsx/esm/api')
  const entry = new URL('./worker.ts', moduleUrl).href
  const script = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(moduleUrl)}))`
  return { entry: script, eval: true, execArgv: ['--conditions=@isocode/source'] }
}

interface Pending {
  resolve(result: Inspection): void
  /** How long the analysis may take once the worker is ready. */
  limitMs: number
  /** Absent for an inspection queued while the worker starts: its time limit starts once it is ready. */
  timer: NodeJS.Timeout | undefined
}

/** A checker backed by one lazily started worker thread. */
export class WorkerChecker implements ProgramChecker {
  private worker: Worker | undefined
  /** The worker has loaded TypeScript (a check that overruns after this is stuck, not starting). */
  private ready = false
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private closed = false
  /** The SDK text the current worker last received (it keeps it), undefined for a new worker. */
  private sentSdk: string | undefined
  private readonly verdicts = new VerdictCache()

  constructor(
    private readonly timeoutMs: number,
    private readonly command: WorkerCommand = workerCommand(),
    private readonly whileStarting: 'wait' | 'skip' = 'wait',
  ) {}

  warm(): void {
    if (!this.closed) this.start()
  }

  check(code: string, sdkText: string): Promise<CheckResult> {
    // why: R-151 — a program checked before against the same SDK text gets that verdict (or shares
    // the check still in flight) instead of a place in the worker's queue.
    const known = this.closed ? undefined : this.verdicts.get(code, sdkText)
    if (known !== undefined) return known
    const verdict = this.request('check', code, sdkText, this.whileStarting === 'skip')
    if (!this.closed) this.verdicts.set(code, sdkText, verdict)
    return verdict
  }

  inspect(code: string, sdkText: string): Promise<Inspection> {
    // why: inspecting is for saving a program, rare and not on a run's path: it waits for the start.
    return this.request('inspect', code, sdkText, false)
  }

  private request(what: string, code: string, sdkText: string, skipWhileStarting: boolean): Promise<Inspection> {
    if (typeof code !== 'string')
      throw new ProgramCheckError('INVALID_ARGUMENT', `${what}(code, sdkText): code must be a string`)
    if (typeof sdkText !== 'string')
      throw new ProgramCheckError(
        'INVALID_ARGUMENT',
        `${what}(code, sdkText): sdkText must be the tools:sdk text, a string`,
      )
    if (this.closed) return Promise.resolve({ status: 'unchecked', reason: 'the checker is closed' })
    const worker = this.start()
    if (worker === undefined) return Promise.resolve({ status: 'unchecked', reason: 'the checker could not start' })
    if (!this.ready && skipWhileStarting)
      return Promise.resolve({ status: 'unchecked', reason: 'the checker is still starting' })
    const id = this.nextId++
    const infer = what === 'inspect'
    return new Promise<Inspection>((resolve) => {
      // why: an inspection waits for the start however long it takes on a loaded machine; only
      // the analysis itself has the time limit.
      const limitMs = infer ? Math.max(this.timeoutMs, INSPECT_TIMEOUT_MS) : this.timeoutMs
      const timer = infer && !this.ready ? undefined : setTimeout(() => this.overran(id), limitMs)
      this.pending.set(id, { resolve, timer, limitMs })
      worker.ref()
      // why: the SDK text is copied to the worker only when it changed, not with every check
      // (a 500-tool SDK is about 100 kB, cloned on the host's thread).
      const sdk = sdkText === this.sentSdk ? {} : { sdkText }
      this.sentSdk = sdkText
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- why: a worker_threads Worker, not a window
      worker.postMessage({ id, code, ...sdk, ...(infer ? { infer } : {}) } satisfies CheckRequest)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    this.verdicts.clear()
    const worker = this.worker
    this.fail('the checker was closed')
    await worker?.terminate()
  }

  private start(): Worker | undefined {
    if (this.worker !== undefined) return this.worker
    let worker: Worker
    try {
      // why: R-155 — a check that needs more heap than this ends the worker like a crash: the
      // program runs unchecked and the next check starts a fresh worker.
      worker = new Worker(this.command.entry, {
        eval: this.command.eval === true,
        execArgv: this.command.execArgv,
        resourceLimits: WORKER_RESOURCE_LIMITS,
      })
    } catch {
      return undefined
    }
    worker.on('message', (reply: CheckReply | typeof READY) => {
      if (reply === READY) {
        this.ready = true
        for (const [id, pending] of this.pending) pending.timer ??= setTimeout(() => this.overran(id), pending.limitMs)
      } else this.settle(reply)
    })
    worker.on('error', (error) => this.fail(`the checker crashed: ${error.message}`, worker))
    worker.on('exit', (code) => this.fail(`the checker exited with code ${code}`, worker))
    // why: an idle checker (warmed, or between checks) never keeps the process alive.
    worker.unref()
    this.worker = worker
    this.ready = false
    this.sentSdk = undefined
    return worker
  }

  // why: while the worker is still loading TypeScript, only this check gives up (its program runs
  // unchecked) and the worker keeps warming for the next one; a ready worker that overran is stuck
  // on a pathological program, so it is dropped with every check queued behind it.
  private overran(id: number): void {
    const reason = `the check took longer than ${this.pending.get(id)?.limitMs ?? this.timeoutMs} ms`
    if (this.ready) return this.fail(reason)
    const pending = this.pending.get(id)
    this.pending.delete(id)
    if (pending !== undefined) clearTimeout(pending.timer)
    if (this.pending.size === 0) this.worker?.unref()
    pending?.resolve({ status: 'unchecked', reason: `${reason} (the checker was still starting)` })
  }

  private settle(reply: CheckReply): void {
    const pending = this.pending.get(reply.id)
    if (pending === undefined) return
    this.pending.delete(reply.id)
    clearTimeout(pending.timer)
    if (this.pending.size === 0) this.worker?.unref()
    if ('failure' in reply)
      return pending.resolve({ status: 'unchecked', reason: `the checker failed: ${reply.failure}` })
    const output = reply.output === undefined ? {} : { output: reply.output }
    if (reply.errors.length === 0) pending.resolve({ status: 'ok', ...output })
    else pending.resolve({ status: 'blocked', errors: reply.errors, message: blockedMessage(reply.errors), ...output })
  }

  /** End every pending check as `unchecked` and drop the worker (`only`: if it is still this one). */
  private fail(reason: string, only?: Worker): void {
    if (only !== undefined && only !== this.worker) return
    const worker = this.worker
    this.worker = undefined
    if (worker !== undefined && only === undefined) void worker.terminate()
    for (const [id, pending] of this.pending) {
      this.pending.delete(id)
      clearTimeout(pending.timer)
      pending.resolve({ status: 'unchecked', reason })
    }
  }
}

/**
 * A program checker with a warm TypeScript language service in a worker thread, started on the
 * first check. Each check resolves `ok`, `blocked` (with every proven error) or `unchecked`.
 */
export function createProgramChecker(options: ProgramCheckerOptions = {}): ProgramChecker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new ProgramCheckError(
      'INVALID_OPTIONS',
      `createProgramChecker: timeoutMs must be a positive number of ms, got ${String(timeoutMs)}`,
    )
  const whileStarting = options.whileStarting ?? 'wait'
  if (whileStarting !== 'wait' && whileStarting !== 'skip')
    throw new ProgramCheckError(
      'INVALID_OPTIONS',
      `createProgramChecker: whileStarting must be "wait" or "skip", got ${JSON.stringify(whileStarting)}`,
    )
  return new WorkerChecker(timeoutMs, workerCommand(), whileStarting)
}
