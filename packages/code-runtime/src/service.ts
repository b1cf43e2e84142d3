import { type Context, Service } from 'cordis'
import type { CodeRunRequest, CodeRunResult, CodeRuntimeIsolation, CodeRuntimeLanguage } from './types.ts'

declare module 'cordis' {
  interface Context {
    codeRuntime: CodeRuntime
  }
}

/** The `ctx.codeRuntime` seam: a backend runs one program per call and reports failures as values. */
export abstract class CodeRuntime extends Service {
  abstract readonly language: CodeRuntimeLanguage
  abstract readonly isolation: CodeRuntimeIsolation

  constructor(ctx: Context) {
    super(ctx, 'codeRuntime')
  }

  /** Run one program; rejects only on misuse (bad bindings, disposed runtime). */
  abstract run(request: CodeRunRequest): Promise<CodeRunResult>
}
