import { CodeRuntime, observeRun } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { type Context, Service } from 'cordis'
import { IsolateRuntimeConfigSchema, resolveConfig } from '../engine/config.ts'
import type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from '../engine/config.ts'
import { warnWithoutNoNodeSnapshot } from '../engine/node-snapshot.ts'
import { inProcessMode } from '../engine/run-mode.ts'
import type { IsolateRunRequest } from '../engine/run-request.ts'
import type { PoolStats } from '../isolate/pool-stats.ts'
import { IsolateEngine, type Stripper } from '../engine/isolate-engine.ts'

/**
 * `ctx.codeRuntime` on pre-warmed isolated-vm isolates in this process: a fresh context per run,
 * TypeScript stripped with positions kept, and hard CPU, wall, memory and output budgets.
 *
 * @example
 * await root.plugin(InProcessIsolateRuntime, { poolSize: 2, cpuMs: 1_000 })
 * const { value } = await root.codeRuntime.run({ program: 'return 1', bindings: [] })
 */
export class InProcessIsolateRuntime extends CodeRuntime {
  static Config = IsolateRuntimeConfigSchema

  readonly language = 'typescript'
  readonly isolation = 'isolate'
  readonly config: ResolvedIsolateRuntimeConfig
  private readonly engine: IsolateEngine
  // why: callers reach the service through Cordis proxies, where every `this.x` is a proxy trap
  // (~50 µs a run, measured); the constructor's `this` is the raw instance, so run() hops to it once.
  private readonly raw: this
  private readonly observed = (request: CodeRunRequest): Promise<CodeRunResult> => this.engine.run(request)

  constructor(ctx: Context, config?: IsolateRuntimeConfig) {
    super(ctx)
    this.raw = this
    // why: run() needs no caller-bound `this` (it hops to the raw instance), so Cordis can skip
    // the shadow context it otherwise builds on every method call (~25 µs a run, measured).
    const tracker = (this as unknown as Record<symbol, { noShadow?: boolean } | undefined>)[Service.tracker]
    if (tracker !== undefined) tracker.noShadow = true
    this.config = resolveConfig(config)
    this.engine = new IsolateEngine(this.config, inProcessMode(this.config), loadTypeScriptStripper)
    warnWithoutNoNodeSnapshot()
  }

  async [Service.init](): Promise<() => Promise<void>> {
    await this.engine.start()
    return () => this.dispose()
  }

  /**
   * Run one program; failures are values, and only misuse (bindings, disposed runtime) rejects.
   * With `onEvent`, the run's events arrive while it is live (rules RT-44 to RT-47).
   */
  run(request: IsolateRunRequest): Promise<CodeRunResult> {
    const raw = this.raw
    return request?.onEvent === undefined ? raw.engine.run(request) : observeRun(request, raw.observed)
  }

  /** Lifetime counts of this runtime's pool: isolates created and disposed, runs started. */
  stats(): PoolStats {
    return this.engine.stats()
  }

  /** End live runs with `abort`, dispose every isolate and resolve once they are gone; idempotent. */
  dispose(): Promise<void> {
    return this.engine.dispose()
  }
}

// why: the stripper loads at start, not at import; the TypeScript compiler behind it loads only for
// the first program that needs it (RT-67).
async function loadTypeScriptStripper(): Promise<Stripper> {
  return (await import('../engine/strip-program.ts')).stripProgram
}
