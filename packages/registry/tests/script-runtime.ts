// A scripted Code Mode backend for registry tests: a script stands in for the program, gets the
// run's bindings and signal, and returns what a backend would; a session sink that keeps events.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SessionSink } from '@isocode/harness'
import type { ScopeKey, SessionEvent } from '@isocode/harness'
import type { Context } from 'cordis'

/** A program stand-in: gets the run's `tools` and its signal. */
export type Script = (tools: Record<string, CodeBinding>, signal: AbortSignal) => Promise<Omit<CodeRunResult, 'usage'>>

/** The runtime that runs `config.script` instead of a program. */
export class ScriptRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  constructor(
    ctx: Context,
    readonly config: { script: Script },
  ) {
    super(ctx)
  }
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    return withUsage(await this.config.script(request.bindings[0]?.functions ?? {}, request.signal as AbortSignal))
  }
}

/** A session sink that keeps every event it is given. */
export class Events extends SessionSink {
  readonly events: SessionEvent[] = []
  append(_scope: ScopeKey | undefined, event: SessionEvent): void {
    this.events.push(event)
  }
}
