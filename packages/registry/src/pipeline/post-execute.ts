import { scopeTarget } from '@isocode/harness'
import type { Context } from 'cordis'
import type { PostToolDecision, ToolExecution, ToolExecutionResult } from '../types.ts'
import { ACCEPT, parsePostDecision } from './decisions.ts'
import { hasListeners, waterfall } from './events.ts'
import { freezeJson } from './freeze.ts'
import { errorResult, failureOfThrown, registryFailure } from './results.ts'

const acceptByDefault = async (): Promise<PostToolDecision> => ACCEPT

/** Apply a validated PostToolDecision: accept keeps isError and may replace content; block fails with feedback. */
export function applyPostDecision(result: ToolExecutionResult, decision: PostToolDecision): ToolExecutionResult {
  if (decision.kind === 'block') {
    // why: the feedback IS the corrective content; a string is the common one-text-block case.
    const content =
      typeof decision.feedback === 'string' ? [{ type: 'text' as const, text: decision.feedback }] : decision.feedback
    const blocked: ToolExecutionResult = { callId: result.callId, content, isError: true }
    if (decision.additionalContext !== undefined) blocked.additionalContext = decision.additionalContext
    return blocked
  }
  if (decision.content === undefined && decision.additionalContext === undefined) return result
  const accepted = { ...result }
  if (decision.content !== undefined) {
    accepted.content = decision.content
    // why: replaced content is authoritative (e.g. a redaction); the old structured value must not outlive it.
    delete accepted.structuredContent
  }
  if (decision.additionalContext !== undefined) accepted.additionalContext = decision.additionalContext
  return accepted
}

/**
 * Run tools/post-execute (scope-filtered) over `result` and apply its decision. The listeners see
 * a frozen result; a throwing listener or an invalid decision turns the call into an isError.
 */
export async function postExecute(
  ctx: Context,
  exec: ToolExecution,
  result: ToolExecutionResult,
): Promise<ToolExecutionResult> {
  if (!hasListeners(ctx, 'tools/post-execute')) return result
  // why: listeners must not edit the result in place, bypassing the decision validation.
  freezeJson(result)
  let raw: unknown
  try {
    raw = await waterfall(ctx, scopeTarget(exec.agent), 'tools/post-execute', exec, result, acceptByDefault)
  } catch (error) {
    const failure = failureOfThrown(
      error,
      'INVALID_DECISION',
      `tools/post-execute listener failed for tool "${exec.name}": `,
    )
    return errorResult(exec.callId, failure)
  }
  const decision = parsePostDecision(raw)
  if (typeof decision === 'string') {
    return errorResult(
      exec.callId,
      registryFailure(
        'INVALID_DECISION',
        `tools/post-execute returned an invalid decision for tool "${exec.name}": ${decision}`,
      ),
    )
  }
  return applyPostDecision(result, decision)
}
