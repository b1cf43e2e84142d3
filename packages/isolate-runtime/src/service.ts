import { CodeRuntime, CodeRuntimeError, CodeRuntimeErrorCode, validateBindings } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { type Context, Service } from 'cordis'
import { IsolateRuntimeConfigSchema, resolveConfig } from './config.ts'
import type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from './config.ts'
import { IsolatePool } from './isolate/pool.ts'
import { Watchdog } from './isolate/watchdog.ts'
import { ProgramRun } from './run.ts'
import { warnWithoutNoNodeSnapshot } from './snapshot.ts'
import { stripProgram } from './strip.ts'

/**
 * `ctx.codeRuntime` on pre-warmed isolated-vm isolates: a fresh context per run, TypeScript
 * stripped with positions kept, and hard CPU, wall, memory and output budgets.
 *
 * @example
 * await root.plugin(IsolateRuntime, { poolSize: 2, cpuBudgetMs: 1_000 })
 * const { value } = await root.codeRuntime.run({ program: 'return 1', bindings: [] })
 */
export class IsolateRuntime extends CodeRuntime {
  static Config = IsolateRuntimeConfigSchema

  readonly language = 'typescript'
  readonly isolation = 'isolate'
  readonly config: ResolvedIsolateRuntimeConfig
  private readonly watchdog: Watchdog
  private readonly live = new Set<ProgramRun>()
  private pool: IsolatePool | undefined
  private disposing: Promise<void> | undefined

  constructor(ctx: Context, config?: IsolateRuntimeConfig) {
    super(ctx)
    this.config = resolveConfig(config)
    // why: poll often enough that a budget overshoots by a few percent at most.
    this.watchdog = new Watchdog(Math.min(10, Math.max(2, Math.floor(this.config.cpuBudgetMs / 20))))
    warnWithoutNoNodeSnapshot()
  }

  async [Service.init](): Promise<() => Promise<void>> {
    const pool = new IsolatePool({
      size: this.config.poolSize,
      memoryLimitMb: this.config.memoryLimitMb,
      maxRunsPerIsolate: this.config.maxRunsPerIsolate,
    })
    this.pool = pool
    try {
      await pool.start()
    } catch (error) {
      await pool.dispose([])
      throw error
    }
    return () => this.dispose()
  }

  /** Run one program; failures are values, and only misuse (bindings, disposed runtime) rejects. */
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const pool = this.pool
    if (this.disposing !== undefined || pool === undefined) {
      throw new CodeRuntimeError(CodeRuntimeErrorCode.DISPOSED, 'the isolate runtime is disposed (or not started); load the plugin again')
    }
    checkRequest(request)
    validateBindings(request.bindings)
    const { signal } = request
    if (signal?.aborted) return aborted()
    const stripped = stripProgram(request.program)
    if (!stripped.ok) return { logs: [], error: { kind: 'exception', message: stripped.message } }
    const slot = await pool.acquire(signal)
    if (slot === undefined) return aborted(this.disposing === undefined ? 'the run was aborted while queued' : 'the runtime was disposed')
    const budgets = { cpuMs: this.config.cpuBudgetMs, wallMs: this.config.wallBudgetMs, outputCap: this.config.outputCapBytes }
    const run = new ProgramRun(slot, budgets, request.bindings, (done, reusable) => {
      this.live.delete(done)
      pool.release(slot, reusable)
    })
    this.live.add(run)
    let context
    try {
      context = await slot.take()
    } catch (error) {
      run.kill('crash', `no context could be prepared: ${String(error)}`)
      return run.result
    }
    if (signal?.aborted) {
      run.kill('abort', 'the run was aborted before it started')
      return run.result
    }
    return run.start(context, stripped.code, this.watchdog, signal)
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
}

function aborted(message = 'the run was aborted before it started'): CodeRunResult {
  return { logs: [], error: { kind: 'abort', message } }
}

function invalid(message: string): never {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_REQUEST, message)
}

function checkRequest(request: CodeRunRequest): void {
  if (typeof request !== 'object' || request === null) invalid('run() takes a request object { program, bindings, signal? }')
  if (typeof request.program !== 'string') invalid('request.program must be a string of TypeScript')
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal)) invalid('request.signal must be an AbortSignal')
}
