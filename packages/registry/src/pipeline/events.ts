import type { Context } from 'cordis'
import type { ScopedCarrier } from '@isocode/harness'
import type {
  PostToolDecision,
  PreToolDecision,
  ToolExecution,
  ToolExecutionResult,
} from '../types.ts'

declare module 'cordis' {
  interface Events {
    /** The reorderable allow/deny/ask gate; call `next()` to delegate, default `{ kind: 'allow' }`. */
    'tools/pre-execute'(
      this: ScopedCarrier,
      exec: ToolExecution,
      next: () => Promise<PreToolDecision>,
    ): Promise<PreToolDecision>
    /** The around-dispatch seam; `next()` is dispatch with normalization. Only `exec.signal` may change. */
    'tools/execute'(
      this: ScopedCarrier,
      exec: ToolExecution,
      next: () => Promise<ToolExecutionResult>,
    ): Promise<ToolExecutionResult>
    /** The inspect/transform seam; default `{ kind: 'accept' }`. */
    'tools/post-execute'(
      this: ScopedCarrier,
      exec: ToolExecution,
      result: ToolExecutionResult,
      next: () => Promise<PostToolDecision>,
    ): Promise<PostToolDecision>
    /** Observe-only: the frozen execution and the very result `execute()` returns. */
    'tools/result'(this: ScopedCarrier, exec: ToolExecution, result: ToolExecutionResult): void | Promise<void>
  }
}

/** The tools/* events the execution pipeline dispatches (typed through the cordis `Events` augmentation). */
export type ToolPipelineEvent = 'tools/pre-execute' | 'tools/execute' | 'tools/post-execute' | 'tools/result'

type HookTable = Context['events']['_hooks']

// why: reaching `ctx.events` goes through a Cordis service accessor on every read (microseconds);
// the listener table it holds is created once per events service and never replaced, so it is
// looked up once per context and reused.
const tables = new WeakMap<Context, HookTable>()

/**
 * Whether any listener (of any scope) is registered for `name`; lets the pipeline skip the
 * waterfall machinery on the hot path.
 */
export function hasListeners(ctx: Context, name: ToolPipelineEvent): boolean {
  let table = tables.get(ctx)
  if (table === undefined) {
    // why: `_hooks` is the listener table of cordis 4 rc.10 (public in its .d.ts); empty lists are
    // deleted. This module is the one place the pipeline touches it.
    // oxlint-disable-next-line no-underscore-dangle -- cordis names its public listener table so
    table = ctx.events._hooks
    tables.set(ctx, table)
  }
  return (table[name]?.length ?? 0) > 0
}

/** Log a contained listener failure on the registry's logger (never rethrown). */
export function logListenerFailure(ctx: Context, event: ToolPipelineEvent, error: unknown): void {
  try {
    ctx.logger('tools').warn('%s listener failed: %s', event, error instanceof Error ? error.message : String(error))
  } catch {
    // why: logging is best effort; an unprintable error or a disposed context must not escape.
  }
}
