import { toLosslessJson } from '@isocode/code-runtime'
import { scopeTarget } from '@isocode/harness'
import type { Context } from 'cordis'
import type { ToolExecution, ToolExecutionResult } from '../types.ts'
import { hasListeners, logListenerFailure, parallel } from './events.ts'
import { freezeJson } from './freeze.ts'
import { errorResult, registryFailure } from './results.ts'
import { asResult, isJsonObject, resultProblem } from './validate.ts'

/**
 * Validate that the complete post-policy result is lossless JSON of the ToolExecutionResult shape
 * with the execution's callId, and deep-freeze a detached copy; anything else becomes a frozen
 * INVALID_TOOL_OUTPUT isError.
 */
export function finalizeResult(callId: string, name: string, candidate: ToolExecutionResult): ToolExecutionResult {
  const copy = toLosslessJson(candidate)
  let problem = copy.ok ? resultProblem(copy.value) : copy.reason
  if (problem === undefined && copy.ok && isJsonObject(copy.value)) {
    if (copy.value.callId !== callId) problem = 'callId does not match the execution'
    else problem = freezeJson(copy.value)
    if (problem === undefined) return asResult(copy.value)
  }
  const result = errorResult(
    callId,
    registryFailure(
      'INVALID_TOOL_OUTPUT',
      `the result of tool "${name}" is not a lossless JSON ToolExecutionResult (${problem})`,
    ),
  )
  freezeJson(result)
  return result
}

/**
 * Notify tools/result observers (scope-filtered, concurrently); a throwing or rejecting observer is
 * logged and never affects the result or the other observers. Does not wait for async observers.
 */
export function observe(ctx: Context, exec: ToolExecution, result: ToolExecutionResult): void {
  if (!hasListeners(ctx, 'tools/result')) return
  let settled: Promise<void>
  try {
    settled = parallel(ctx, scopeTarget(exec.agent), exec, result)
  } catch (error) {
    logListenerFailure(ctx, 'tools/result', error)
    return
  }
  settled.catch((error: unknown) => {
    // why: the rejection may be a hostile value itself; unpacking it must not throw out of this handler.
    let each: unknown[] = [error]
    try {
      if (error instanceof AggregateError && Array.isArray(error.errors)) each = error.errors
    } catch {
      // why: keep the single opaque value; logListenerFailure describes it safely.
    }
    for (const failure of each) logListenerFailure(ctx, 'tools/result', failure)
  })
}
