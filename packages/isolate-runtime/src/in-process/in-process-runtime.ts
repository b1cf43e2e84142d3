import { CodeRuntime, CodeRuntimeError, CodeRuntimeErrorCode } from '@isocode/code-runtime'
import type { CodeRunResult } from '@isocode/code-runtime'
import { type Context, Service } from 'cordis'
import { IsolateRuntimeConfigSchema, resolveConfig } from '../engine/config.ts'
import type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from '../engine/config.ts'
import type { GuestContext } from '../isolate/guest-context.ts'
import { IsolatePool } from '../isolate/isolate-pool.ts'
import type { IsolateSlot } from '../isolate/isolate-slot.ts'
import { emptyStats, type PoolStats } from '../isolate/pool-stats.ts'
import { Watchdog } from '../isolate/watchdog.ts'
import { aborted, type IsolateRunRequest, type Prologue, runPrologue } from '../engine/run-request.ts'
import { ProgramRun } from './program-run.ts'
import { warnWithoutNoNodeSnapshot } from '../engine/node-snapshot.ts'
import type { StripResult } from '../engine/strip-program.ts'

/**
 * `ctx.codeRuntime` on pre-warmed isolated-vm isolates: a fresh context per run, TypeScript
 * stripped with positions kept, and hard CPU, wall, memory and output budgets.
 *
 * @example
 * await root.plugin(InProcessIsolateRuntime, { poolSize: 2, cpuBudgetMs: 1_000 })
 * const { value } = await root.codeRuntime.run({ program: 'return 1', bindings: [] })
 */
export class InProcessIsolateRuntime extends CodeRuntime {
  static Config = IsolateRuntimeConfigSchema

  readonly language = 'typescript'
  readonly isolation = 'isolate'
  readonly config: ResolvedIsolateRuntimeConfig
  private readonly watchdog: Watchdog
  private readonly live = new Set<ProgramRun>()
  private pool: IsolatePool | undefined
  private strip: (source: string) => StripResult = unloaded
  private disposing: Promise<void> | undefined
  // why: callers reach the service through Cordis proxies, where every `this.x` is a proxy trap
  // (~50 µs a run, measured); the constructor's `this` is the raw instance, so run() hops to it once.
  private readonly raw: this

  constructor(ctx: Context, config?: IsolateRuntimeConfig) {
    super(ctx)
    this.raw = this
    // why: run() needs no caller-bound `this` (it hops to the raw instance), so Cordis can skip
    // the shadow context it otherwise builds on every method call (~25 µs a run, measured).
    const tracker = (this as unknown as Record<symbol, { noShadow?: boolean } | undefined>)[Service.tracker]
    if (tracker !== undefined) tracker.noShadow = true
    this.config = resolveConfig(config)
    // why: poll often enough that a budget overshoots by a few percent at most.
    this.watchdog = new Watchdog(Math.min(10, Math.max(2, Math.floor(this.config.cpuBudgetMs / 20))))
    warnWithoutNoNodeSnapshot()
  }

  async [Service.init](): Promise<() => Promise<void>> {
    const pool = new IsolatePool({
      size: this.config.poolSize,
      spares: this.config.spareIsolates ?? this.spareIsolates,
      spareIdleMs: this.config.spareIdleMs,
      memoryLimitMb: this.config.memoryLimitMb,
      maxRunsPerIsolate: this.config.maxRunsPerIsolate,
      inspector: this.pauseToLocate,
    })
    this.pool = pool
    try {
      this.strip = await this.loadStripper()
      await pool.start()
    } catch (error) {
      await pool.dispose([])
      throw error
    }
    return () => this.dispose()
  }

  /** Run one program; failures are values, and only misuse (bindings, disposed runtime) rejects. */
  run(request: IsolateRunRequest): Promise<CodeRunResult> {
    return this.raw.runRaw(request)
  }

  private runRaw(request: IsolateRunRequest): Promise<CodeRunResult> {
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
    return slot === undefined ? this.queued(pool, request, prologue.code) : this.begin(pool, slot, request, prologue.code)
  }

  /** Whether binding calls are dispatched one at a time here; see `RunBudgets.serialBindings`. */
  protected readonly serialBindings: boolean = true

  /** Whether a budget kill may pause a running isolate to name its position; see `RunBudgets.pauseToLocate`. */
  protected readonly pauseToLocate: boolean = false

  /** Whether code after an await runs on the host's thread unless the config says; see `RunBudgets.resumeOnHostThread`. */
  protected readonly resumeOnHostThread: boolean = false

  /** Spare isolates unless the config says; see `IsolateRuntimeConfig.spareIsolates`. */
  protected readonly spareIsolates: number = 4

  /** Whether the first task runs there too when code after an await does; see `RunBudgets.startOnHostThread`. */
  protected readonly startsOnHostThread: boolean = true

  /**
   * The TypeScript stripper, loaded at start: the TypeScript compiler is the heaviest module here,
   * so a subclass that is handed JavaScript (the supervised runtime's child) can skip loading it.
   */
  protected async loadStripper(): Promise<(source: string) => StripResult> {
    return (await import('../engine/strip-program.ts')).stripProgram
  }

  /** Lifetime counts of this runtime's pool: isolates created and disposed, runs started. */
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
      throw new CodeRuntimeError(CodeRuntimeErrorCode.DISPOSED, 'the isolate runtime is disposed (or not started); load the plugin again')
    }
    return this.pool
  }

  private async queued(pool: IsolatePool, request: IsolateRunRequest, code: string): Promise<CodeRunResult> {
    const slot = await pool.acquire(request.signal)
    if (slot === undefined) return aborted(this.disposing === undefined ? 'the run was aborted while queued' : 'the runtime was disposed')
    pool.stats.runsQueued++
    return this.begin(pool, slot, request, code)
  }

  private begin(pool: IsolatePool, slot: IsolateSlot, request: IsolateRunRequest, code: string): Promise<CodeRunResult> {
    pool.stats.runs++
    const { signal } = request
    const { cpuBudgetMs: cpuMs, wallBudgetMs: wallMs, outputCapBytes: outputCap } = this.config
    const resumeOnHostThread = this.config.resumeOnHostThread ?? this.resumeOnHostThread
    const budgets = { cpuMs, wallMs, outputCap, serialBindings: this.serialBindings, pauseToLocate: this.pauseToLocate, resumeOnHostThread, startOnHostThread: resumeOnHostThread && this.startsOnHostThread, pollMs: this.config.pollMicros / 1000 }
    const run = new ProgramRun(slot, budgets, request.bindings, (done, reusable) => {
      this.live.delete(done)
      pool.release(slot, reusable)
    }, request.onLog)
    this.live.add(run)
    const next = slot.take()
    if (!(next instanceof Promise)) return this.startIn(run, next, code, signal)
    return next.then(
      (context) => this.startIn(run, context, code, signal),
      (error: unknown) => {
        run.kill('crash', `no context could be prepared: ${String(error)}`)
        return run.result
      },
    )
  }

  private startIn(run: ProgramRun, context: GuestContext, code: string, signal: AbortSignal | undefined): Promise<CodeRunResult> {
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
