import { CodeRuntimeError, CodeRuntimeErrorCode } from '@isocode/code-runtime'
import type { CodeRunResult, RunJournal } from '@isocode/code-runtime'
import type { ResolvedIsolateRuntimeConfig } from './config.ts'
import { JournalBook, withJournal } from './run-journal.ts'
import { type RunMode, type RunSettings, runSettings } from './run-mode.ts'
import { aborted, type IsolateRunRequest, lineTap, type Prologue, runPrologue } from './run-request.ts'
import type { StripResult } from './strip-program.ts'
import type { GuestContext } from '../isolate/guest-context.ts'
import { IsolatePool } from '../isolate/isolate-pool.ts'
import type { IsolateSlot } from '../isolate/isolate-slot.ts'
import { emptyStats, type PoolStats } from '../isolate/pool-stats.ts'
import { Watchdog } from '../isolate/watchdog.ts'
import { ProgramRun } from './program-run.ts'

/** Turns a program's source into the JavaScript an isolate runs. */
export type Stripper = (source: string) => StripResult

/**
 * Programs on a pool of warm isolates in this process, in one {@link RunMode}: the run's checks,
 * a slot and its prepared context, then one {@link ProgramRun}. `InProcessIsolateRuntime` serves
 * `ctx.codeRuntime` with it; a supervised runtime's child runs one in its own process.
 */
export class IsolateEngine {
  readonly settings: RunSettings
  private readonly watchdog: Watchdog
  private readonly live = new Set<ProgramRun>()
  private pool: IsolatePool | undefined
  private strip: Stripper = unloaded
  private disposing: Promise<void> | undefined

  /** `loadStripper` runs at start: in-process it loads the TypeScript compiler; a child is handed JavaScript. */
  constructor(
    private readonly config: ResolvedIsolateRuntimeConfig,
    readonly mode: RunMode,
    private readonly loadStripper: () => Promise<Stripper>,
  ) {
    this.settings = runSettings(mode, config)
    // why: poll often enough that a budget overshoots by a few percent at most.
    this.watchdog = new Watchdog(Math.min(10, Math.max(2, Math.floor(config.cpuMs / 20))))
  }

  /** Create the pool's isolates and load the stripper; rejects (disposing everything) when either fails. */
  async start(): Promise<void> {
    const pool = new IsolatePool({
      size: this.config.poolSize,
      spares: this.settings.spareIsolates,
      spareIdleMs: this.config.spareIdleMs,
      memoryMb: this.config.memoryMb,
      maxRunsPerIsolate: this.config.maxRunsPerIsolate,
      inspector: this.settings.pauseToLocate,
    })
    this.pool = pool
    try {
      this.strip = await this.loadStripper()
      await pool.start()
    } catch (error) {
      await pool.dispose([])
      throw error
    }
  }

  /** Run one program; failures are values, and only misuse (bindings, disposed runtime) rejects. */
  run(request: IsolateRunRequest): Promise<CodeRunResult> {
    // why: not an async function: with an idle slot and its context ready, the whole start is
    // synchronous and the caller's await is the only one on the path.
    let prologue: Prologue
    try {
      prologue = runPrologue(request, () => void this.usablePool(), this.strip)
    } catch (error) {
      return Promise.reject(error)
    }
    if (prologue.result !== undefined) return Promise.resolve(prologue.result)
    const pool = this.usablePool()
    const slot = pool.tryAcquire()
    const { code, journal } = prologue
    if (slot !== undefined) return this.begin(pool, slot, request, code, journal)
    const later = this.queued(pool, request, code, journal)
    // why: a journaled run that ends while queued still returns its (empty) journal (rule RT-49).
    return journal === undefined ? later : later.then(withJournal)
  }

  /** Lifetime counts of the pool: isolates created and disposed, runs started. */
  stats(): PoolStats {
    const stats = this.pool?.stats ?? emptyStats()
    return { ...stats, polls: { ...stats.polls } }
  }

  /** End live runs with `abort`, dispose every isolate and resolve once they are gone; idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      const runs = [...this.live]
      for (const run of runs) run.kill('abort', 'the runtime was disposed')
      await this.pool?.dispose(runs.map((run) => run.isolateSlot))
    })()
    return this.disposing
  }

  private usablePool(): IsolatePool {
    if (this.disposing !== undefined || this.pool === undefined) {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.DISPOSED,
        'the isolate runtime is disposed (or not started); load the plugin again',
      )
    }
    return this.pool
  }

  private async queued(
    pool: IsolatePool,
    request: IsolateRunRequest,
    code: string,
    journal: RunJournal | undefined,
  ): Promise<CodeRunResult> {
    const slot = await pool.acquire(request.signal)
    if (slot === undefined)
      return aborted(this.disposing === undefined ? 'the run was aborted while queued' : 'the runtime was disposed')
    pool.stats.runsQueued++
    return this.begin(pool, slot, request, code, journal)
  }

  private begin(
    pool: IsolatePool,
    slot: IsolateSlot,
    request: IsolateRunRequest,
    code: string,
    journal: RunJournal | undefined,
  ): Promise<CodeRunResult> {
    pool.stats.runs++
    const run = new ProgramRun(
      slot,
      this.settings,
      request.bindings,
      (done, reusable) => {
        this.live.delete(done)
        pool.release(slot, reusable)
      },
      lineTap(request),
      journal,
      journal === undefined ? undefined : new JournalBook(request.onJournal),
    )
    this.live.add(run)
    const next = slot.take()
    if (!(next instanceof Promise)) return this.startIn(run, next, code, request.signal)
    return next.then(
      (context) => this.startIn(run, context, code, request.signal),
      (error: unknown) => {
        run.kill('crash', `no context could be prepared: ${String(error)}`)
        return run.result
      },
    )
  }

  private startIn(
    run: ProgramRun,
    context: GuestContext,
    code: string,
    signal: AbortSignal | undefined,
  ): Promise<CodeRunResult> {
    if (signal?.aborted) {
      context.release()
      run.kill('abort', 'the run was aborted before it started')
      return run.result
    }
    return run.start(context, code, this.watchdog, signal)
  }
}

function unloaded(): StripResult {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.DISPOSED, 'the isolate runtime is not started; load the plugin first')
}
