import { scopeTarget } from '@isocode/harness'
import type { ToolDefinition, ToolExecution, ToolExecutionResult } from '../types.ts'
import { hasListeners, waterfall } from './events.ts'
import type { PipelineHost } from './host.ts'
import { checkWrapperResult, normalizeOutput } from './normalize-output.ts'
import { CodeRunFailedError } from '../errors.ts'
import { describeThrown, errorResult, failureOfThrown, registryFailure, safeInstanceOf } from './results.ts'

/** The outcome of the tools/execute stage; `post` is false when a wrapper itself failed. */
export interface DispatchOutcome {
  result: ToolExecutionResult
  post: boolean
}

/**
 * Core dispatch with normalization, the base of the tools/execute waterfall: resolve the tool at
 * dispatch time, run its bound execute and normalize; never rejects.
 */
export async function dispatch(host: PipelineHost, exec: ToolExecution): Promise<ToolExecutionResult> {
  const { callId, name } = exec
  if (exec.signal?.aborted === true) {
    return errorResult(callId, registryFailure('ABORTED', `tool call "${name}" was aborted before dispatch`))
  }
  let definition: ToolDefinition | undefined
  try {
    definition = host.resolve(name, exec.agent)
  } catch (error) {
    return errorResult(
      callId,
      registryFailure('UNKNOWN_TOOL', `tool "${name}" could not be resolved: ${describeThrown(error)}`),
    )
  }
  if (definition === undefined) return errorResult(callId, registryFailure('UNKNOWN_TOOL', `unknown tool "${name}"`))
  let output: unknown
  try {
    output = await definition.execute(exec.arguments, exec)
  } catch (error) {
    const result = errorResult(callId, failureOfThrown(error, 'TOOL_FAILED', ''))
    // why: R-76 — a failed run_code keeps its run as data; the result check still applies.
    if (safeInstanceOf(error, CodeRunFailedError) && error.structuredContent !== undefined)
      result.structuredContent = error.structuredContent
    return result
  }
  return normalizeOutput(callId, name, output)
}

/**
 * Run the tools/execute around-dispatch waterfall (scope-filtered) over {@link dispatch}, then
 * validate what the outermost wrapper returned. A throwing wrapper becomes an isError result.
 */
export async function aroundDispatch(host: PipelineHost, exec: ToolExecution): Promise<DispatchOutcome> {
  const { ctx } = host
  if (!hasListeners(ctx, 'tools/execute')) return { result: await dispatch(host, exec), post: true }
  let raw: unknown
  try {
    raw = await waterfall(ctx, scopeTarget(exec.agent), 'tools/execute', exec, (): Promise<ToolExecutionResult> =>
      dispatch(host, exec),
    )
  } catch (error) {
    const failure = failureOfThrown(error, 'TOOL_FAILED', `tools/execute wrapper failed for tool "${exec.name}": `)
    return { result: errorResult(exec.callId, failure), post: false }
  }
  const checked = checkWrapperResult(exec.callId, exec.name, raw)
  return { result: checked.result, post: checked.ok }
}
