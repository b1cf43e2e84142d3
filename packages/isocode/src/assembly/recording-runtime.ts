import { CodeRuntime } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import type { Context } from 'cordis'

/** One program run as the runtime saw it: the result and the wall time it took. */
export interface RunRecord {
  result: CodeRunResult
  ms: number
}

/** Options of {@link RecordingRuntime}. */
export interface RecordingRuntimeConfig {
  /** The backend that really runs programs (e.g. an InProcessIsolateRuntime loaded in its own root). */
  inner: CodeRuntime
  onRun(record: RunRecord): void
}

/**
 * A `ctx.codeRuntime` that delegates to another backend and reports each CodeRunResult, so the
 * CLI can print logs and the returned value separately while run_code still drives the run.
 */
export class RecordingRuntime extends CodeRuntime {
  readonly language: CodeRuntime['language']
  readonly isolation: CodeRuntime['isolation']

  constructor(
    ctx: Context,
    private readonly options: RecordingRuntimeConfig,
  ) {
    super(ctx)
    this.language = options.inner.language
    this.isolation = options.inner.isolation
  }

  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const started = performance.now()
    const result = await this.options.inner.run(request)
    this.options.onRun({ result, ms: performance.now() - started })
    return result
  }
}
