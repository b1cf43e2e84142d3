import {
  checkJournal,
  CodeRuntime,
  CodeRuntimeError,
  CodeRuntimeErrorCode,
  type CodeRunRequest,
  type CodeRunResult,
  consoleTap,
  observeRun,
  validateBindings,
  withUsage,
} from '@isocode/code-runtime'
import { type Context, Service } from 'cordis'
import { wrapProgram } from './program-wrapper.ts'
import { type WorkerBudgets, WorkerRun } from './worker-run.ts'

/** Config of the worker runtime; every field is optional and must be a positive finite number. */
export type WorkerRuntimeConfig = Partial<WorkerBudgets>

const DEFAULTS: WorkerBudgets = { cpuMs: 60_000, wallMs: 600_000, outputBytes: 64 * 1024 * 1024, memoryMb: 512 }

function budgetsOf(config: WorkerRuntimeConfig): WorkerBudgets {
  const budgets = { ...DEFAULTS, ...config }
  for (const [field, value] of Object.entries(budgets)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.INVALID_CONFIG,
        `WorkerRuntime config.${field} must be a positive finite number`,
      )
    }
  }
  return budgets
}

/**
 * The upstream design as a backend (containment only, no isolation boundary): one fresh
 * worker_threads Worker per run, types erased with ts-blank-space, bindings over postMessage,
 * budgets enforced by terminating the worker. The bench's baseline and a second e2e backend.
 */
export class WorkerRuntime extends CodeRuntime {
  readonly language = 'typescript'
  readonly isolation = 'worker-thread'
  private readonly budgets: WorkerBudgets
  private readonly live = new Set<WorkerRun>()
  private disposed = false

  constructor(ctx: Context, config: WorkerRuntimeConfig = {}) {
    super(ctx)
    this.budgets = budgetsOf(config)
  }

  async [Service.init](): Promise<() => Promise<void>> {
    return async () => {
      this.disposed = true
      const runs = [...this.live]
      for (const run of runs) run.fail('abort', 'runtime disposed')
      await Promise.all(runs.map((run) => run.result))
    }
  }

  /** Run one program in a fresh worker; with `onEvent`, its events arrive while it is live (rules RT-44 to RT-47). */
  run(request: CodeRunRequest): Promise<CodeRunResult> {
    return request?.onEvent === undefined
      ? this.runInWorker(request)
      : observeRun(request, (observed) => this.runInWorker(observed))
  }

  private async runInWorker(request: CodeRunRequest): Promise<CodeRunResult> {
    if (this.disposed) {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.DISPOSED,
        'run() called after the runtime was disposed; load a new one',
      )
    }
    validateBindings(request.bindings)
    if (request.onConsole !== undefined && typeof request.onConsole !== 'function') {
      throw new CodeRuntimeError(
        CodeRuntimeErrorCode.INVALID_REQUEST,
        'request.onConsole must be a function (line: string) => void',
      )
    }
    const journal = request.journal === undefined ? undefined : checkJournal(request.journal)
    // why: a journaled run that ends before its program ran still returns an (empty) journal (rule RT-49).
    const early = (result: CodeRunResult): CodeRunResult =>
      journal === undefined ? result : { ...result, journal: { clock: [], random: [], timers: [] } }
    const { signal } = request
    if (signal?.aborted)
      return early(withUsage({ logs: [], error: { kind: 'abort', message: `aborted: ${String(signal.reason)}` } }))
    const wrapped = wrapProgram(request.program)
    if (!wrapped.ok) return early(withUsage({ logs: [], error: { kind: 'exception', message: wrapped.message } }))
    const run = new WorkerRun(wrapped.code, request.bindings, this.budgets, consoleTap(request), journal)
    this.live.add(run)
    const onAbort = (): void => run.fail('abort', `aborted: ${String(signal?.reason)}`)
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      return await run.result
    } finally {
      signal?.removeEventListener('abort', onAbort)
      this.live.delete(run)
    }
  }
}
