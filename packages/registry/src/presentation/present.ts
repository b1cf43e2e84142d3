import type { ToolCallView, ToolResultView } from './views.ts'
import { isToolCallView, isToolResultSnapshot, isToolResultView } from './view-check.ts'

/** Anything carrying the optional presenters of a ToolDefinition (raw or from defineTool). */
export interface Presenters {
  presentCall?(args: never): unknown
  presentResult?(args: never, result: never): unknown
}

/**
 * The pending-state card of a call, for UI bridges: undefined when the tool has no presenter, the
 * presenter throws, or it returns something that is not a well-formed ToolCallView. Never throws.
 */
export function presentCallOf(definition: Presenters | undefined, args: unknown): ToolCallView | undefined {
  try {
    const present = definition?.presentCall as ((args: unknown) => unknown) | undefined
    if (typeof present !== 'function') return undefined
    const view = present.call(definition, args)
    return isToolCallView(view) ? view : undefined
  } catch {
    return undefined
  }
}

/**
 * The completed-state card of a call, for UI bridges: undefined when `result` is not a
 * `{ content, isError, meta? }` snapshot, the tool has no presenter, it throws, or it returns
 * something that is not a well-formed ToolResultView. Never throws.
 */
export function presentResultOf(
  definition: Presenters | undefined,
  args: unknown,
  result: unknown,
): ToolResultView | undefined {
  try {
    const present = definition?.presentResult as ((args: unknown, result: unknown) => unknown) | undefined
    if (typeof present !== 'function' || !isToolResultSnapshot(result)) return undefined
    const view = present.call(definition, args, result)
    return isToolResultView(view) ? view : undefined
  } catch {
    return undefined
  }
}
