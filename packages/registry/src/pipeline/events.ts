import type { Context, Events } from 'cordis'
import type { ScopedCarrier } from '@isocode/harness'
import type { PostToolDecision, PreToolDecision, ToolExecution, ToolExecutionResult } from '../types.ts'
import { describeThrown } from './results.ts'

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

type EventsService = Context['events']

interface Dispatcher {
  readonly events: EventsService
  readonly hooks: EventsService['_hooks']
}

// why: `ctx.waterfall` / `ctx.parallel` are Cordis mixins whose accessor builds an Error (a stack
// capture, ~10 µs) on every read, and `ctx.events` is a traced accessor too. The events service
// and its listener table are created once per Cordis root and never replaced, so they are looked
// up once per registry context and reused on every call.
const dispatchers = new WeakMap<Context, Dispatcher>()

function dispatcherOf(ctx: Context): Dispatcher {
  let found = dispatchers.get(ctx)
  if (found === undefined) {
    const events = ctx.events
    // why: `_hooks` is the listener table of cordis 4 rc.10 (public in its .d.ts); empty lists are
    // deleted. This module is the one place the pipeline touches Cordis dispatch internals, and
    // tests/cordis-internals.spec.ts fails loudly if an upgrade changes the table.
    // oxlint-disable-next-line no-underscore-dangle -- cordis names its public listener table so
    found = { events, hooks: events._hooks }
    dispatchers.set(ctx, found)
  }
  return found
}

/**
 * Whether any listener (of any scope) is registered for `name`; lets the pipeline skip the
 * waterfall machinery on the hot path.
 */
export function hasListeners(ctx: Context, name: ToolPipelineEvent): boolean {
  return (dispatcherOf(ctx).hooks[name]?.length ?? 0) > 0
}

/** `ctx.waterfall(target, name, ...args)` through the cached events service (scope-filtered by `target`). */
export function waterfall<K extends 'tools/pre-execute' | 'tools/execute' | 'tools/post-execute'>(
  ctx: Context,
  target: ScopedCarrier,
  name: K,
  ...args: Parameters<Events[K]>
): ReturnType<Events[K]> {
  return dispatcherOf(ctx).events.waterfall(target, name, ...args) as ReturnType<Events[K]>
}

/** `ctx.parallel(target, 'tools/result', exec, result)` through the cached events service: every listener runs, failures aggregate. */
export function parallel(
  ctx: Context,
  target: ScopedCarrier,
  ...args: Parameters<Events['tools/result']>
): Promise<void> {
  return dispatcherOf(ctx).events.parallel(target, 'tools/result', ...args)
}

/** Log a contained listener failure on the registry's logger (never rethrown). */
export function logListenerFailure(ctx: Context, event: ToolPipelineEvent, error: unknown): void {
  try {
    ctx.logger('tools').warn('%s listener failed: %s', event, describeThrown(error))
  } catch {
    // why: logging is best effort; an unprintable error or a disposed context must not escape.
  }
}
