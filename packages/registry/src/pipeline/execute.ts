import type { ToolExecution, ToolExecutionResult } from '../types.ts'
import { aroundDispatch } from './dispatch.ts'
import { finalizeResult, observe } from './finalize.ts'
import type { PipelineHost, TokenIssuer } from './host.ts'
import { postExecute } from './post-execute.ts'
import { attachCallApproval, attachRunDurability, attachStateScope, attachRunListener } from './run-listener.ts'
import { preExecute, runGuards, toolGate } from './pre-execute.ts'
import { describeThrown, errorResult, registryFailure } from './results.ts'
import { snapshotInput } from './snapshot-input.ts'

async function runPolicy(host: PipelineHost, exec: ToolExecution): Promise<ToolExecutionResult> {
  const gate = await preExecute(host.ctx, exec)
  if (gate.kind === 'failed') return gate.result
  // why: R-149 — a call the policy already asked about is not asked twice.
  const gated = gate.kind === 'denied' || gate.asked === true ? undefined : toolGate(host, exec)
  let result =
    gate.kind === 'denied' ? gate.result : ((gated === undefined ? undefined : await gated) ?? runGuards(host, exec))
  if (result === undefined) {
    const outcome = await aroundDispatch(host, exec)
    if (!outcome.post) return outcome.result
    result = outcome.result
  }
  return postExecute(host.ctx, exec, result)
}

/**
 * Execute one tool call through the whole pipeline: snapshot the input → tools/pre-execute →
 * guards → tools/execute (around dispatch) → tools/post-execute → final lossless-JSON validation
 * and freeze → tools/result observers. Every failure is an isError result; never rejects.
 */
export async function executeTool(
  host: PipelineHost,
  tokens: TokenIssuer,
  input: unknown,
): Promise<ToolExecutionResult> {
  const snapshot = snapshotInput(input, tokens)
  if (!snapshot.ok) {
    // why: a refused input skips every policy stage (nothing valid to decide on), but a call with
    // a usable identity is still observed once, in its own scope.
    if (snapshot.owned !== undefined) observe(host.ctx, snapshot.owned.exec, snapshot.result)
    return snapshot.result
  }
  const { exec } = snapshot.owned
  if (snapshot.onRunEvent !== undefined) attachRunListener(exec.token, snapshot.onRunEvent)
  if (snapshot.durable !== undefined) attachRunDurability(exec.token, snapshot.durable)
  if (snapshot.scope !== undefined) attachStateScope(exec.token, snapshot.scope)
  if (snapshot.approval !== undefined) attachCallApproval(exec.token, snapshot.approval)
  let candidate: ToolExecutionResult
  try {
    candidate = await runPolicy(host, exec)
  } catch (error) {
    // why: every stage already contains its own failures; this is the last line of defence.
    candidate = errorResult(
      exec.callId,
      registryFailure('TOOL_FAILED', `tool "${exec.name}" failed in the pipeline: ${describeThrown(error)}`),
    )
  }
  const result = finalizeResult(exec.callId, exec.name, candidate)
  snapshot.owned.seal()
  observe(host.ctx, exec, result)
  return result
}
