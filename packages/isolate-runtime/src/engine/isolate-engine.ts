import { CodeRuntimeError, CodeRuntimeErrorCode } from '@isocode/code-runtime'
import type { CodeRunResult } from '@isocode/code-runtime'
import type { ResolvedIsolateRuntimeConfig } from './config.ts'
import { withJournal } from './run-journal.ts'
import { type RunMode, type RunSettings, runSettings } from './run-mode.ts'
import { aborted, type IsolateRunRequest, type Opened, openRun, type RunOrder } from './run-request.ts'
import type { StripResult } from './strip-program.ts'
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
    let opened: Opened
    try {
      opened = openRun(request, this.assertUsable, this.strip)
    } catch (error) {
      return Promise.reject(error)
    }
    // why: a pre-aborted request or a strip error needs no run: its result is settled already.
    return opened.order !== undefined ? this.place(opened.order) : Promise.resolve(opened.result)
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

  // why: an arrow, handed to openRun; the pool exists from start until dispose.
  private readonly assertUsable = (): void => {
    if (this.disposing !== undefined || this.pool === undefined) {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.DISPOSED,
        'the isolate runtime is disposed (or not started); load the plugin again',
      )
    }
  }

  /** Run `order` on an idle slot at once, or on the first one released. */
  private place(order: RunOrder): Promise<CodeRunResult> {
    const pool = this.pool as IsolatePool
    const slot = pool.tryAcquire()
    if (slot === undefined) return this.queued(pool, order)
    return this.begin(order, pool, slot)
  }

  private async queued(pool: IsolatePool, order: RunOrder): Promise<CodeRunResult> {
    const slot = await pool.acquire(order.signal)
    if (slot === undefined) {
      const message = this.disposing === undefined ? 'the run was aborted while queued' : 'the runtime was disposed'
      // why: a journaled run that ends while queued still returns its (empty) journal (rule RT-49).
      return order.journal === undefined ? aborted(message) : withJournal(aborted(message))
    }
    pool.stats.runsQueued++
    return this.begin(order, pool, slot)
  }

  private begin(order: RunOrder, pool: IsolatePool, slot: IsolateSlot): Promise<CodeRunResult> {
    pool.stats.runs++
    const next = slot.take()
    const run = new ProgramRun(slot, this.settings, order, this.settled)
    this.live.add(run)
    return run.start(next, this.watchdog)
  }

  // why: an arrow, handed to every run: its slot goes back to the pool, reused or replaced.
  private readonly settled = (run: ProgramRun, reusable: boolean): void => {
    this.live.delete(run)
    this.pool?.release(run.isolateSlot, reusable)
  }
}

function unloaded(): StripResult {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.DISPOSED, 'the isolate runtime is not started; load the plugin first')
}
