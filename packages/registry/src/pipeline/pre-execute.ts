import { scopeTarget } from '@isocode/harness'
import type { Context } from 'cordis'
import type { PreToolDecision, ToolDefinition, ToolExecution, ToolExecutionResult } from '../types.ts'
import { askApproval } from './approval.ts'
import { ALLOW, parsePreDecision } from './decisions.ts'
import { hasListeners, waterfall } from './events.ts'
import type { PipelineHost } from './host.ts'
import { describeThrown, errorResult, failureOfThrown, registryFailure } from './results.ts'

/**
 * What the policy phase decided: proceed to dispatch, a denial (still flows through
 * tools/post-execute), or a policy failure (skips post-execute; observers still see it).
 */
export type Gate =
  | { kind: 'proceed'; asked?: true }
  | { kind: 'denied'; result: ToolExecutionResult }
  | { kind: 'failed'; result: ToolExecutionResult }

const PROCEED: Gate = Object.freeze({ kind: 'proceed' })
const ASKED: Gate = Object.freeze({ kind: 'proceed', asked: true })
const allowByDefault = async (): Promise<PreToolDecision> => ALLOW

function denied(exec: ToolExecution, reason: string): Gate {
  return { kind: 'denied', result: errorResult(exec.callId, registryFailure('DENIED', reason)) }
}

/**
 * Run tools/pre-execute (scope-filtered, registration order), validate its decision exactly and
 * service `ask` through the optional approval seam (approval.ts). A throwing listener or garbage
 * fails closed.
 */
export async function preExecute(ctx: Context, exec: ToolExecution): Promise<Gate> {
  if (!hasListeners(ctx, 'tools/pre-execute')) return PROCEED
  let raw: unknown
  try {
    raw = await waterfall(ctx, scopeTarget(exec.agent), 'tools/pre-execute', exec, allowByDefault)
  } catch (error) {
    const failure = failureOfThrown(error, 'DENIED', `tools/pre-execute listener failed for tool "${exec.name}": `)
    return { kind: 'failed', result: errorResult(exec.callId, failure) }
  }
  const decision = parsePreDecision(raw)
  if (typeof decision === 'string') {
    const failure = registryFailure(
      'INVALID_DECISION',
      `tools/pre-execute returned an invalid decision for tool "${exec.name}": ${decision}`,
    )
    return { kind: 'failed', result: errorResult(exec.callId, failure) }
  }
  if (decision.kind === 'allow') return PROCEED
  if (decision.kind === 'deny') return denied(exec, decision.reason)
  // why: a refused or abandoned approval is a decision like deny: it still flows through
  // tools/post-execute (an abandoned one carries ABORTED, as base dispatch would, R-37).
  const refusal = await askApproval(ctx, exec, decision.reason)
  return refusal === undefined ? ASKED : { kind: 'denied', result: refusal }
}

/**
 * The tool's own gate (rule R-149): a definition whose `needsApproval` holds for these arguments
 * is asked like an `ask` decision (a live approver, else denied; in a durable run, parked, R-114).
 * Undefined when the call may proceed. A sub-call of a durable run was gated by its recorder
 * already, which lets it through only with a decision or a live approver to ask.
 */
export function toolGate(
  host: PipelineHost,
  exec: ToolExecution,
): Promise<ToolExecutionResult | undefined> | undefined {
  let gate
  try {
    gate = host.resolve(exec.name, exec.agent)?.needsApproval
  } catch {
    // why: dispatch resolves the tool again and reports the failure.
    return undefined
  }
  // why: no gate, no await: an ungated call pays one lookup, not a turn of the event loop.
  if (gate === undefined || gate === false) return undefined
  return askGated(host, exec, gate)
}

async function askGated(
  host: PipelineHost,
  exec: ToolExecution,
  gate: Exclude<ToolDefinition['needsApproval'], undefined | false>,
): Promise<ToolExecutionResult | undefined> {
  if (gate !== true) {
    let needed: unknown
    try {
      needed = await gate(exec.arguments)
    } catch (error) {
      return errorResult(
        exec.callId,
        registryFailure('DENIED', `needsApproval of tool "${exec.name}" failed: ${describeThrown(error)}`),
      )
    }
    if (needed !== true) return undefined
  }
  return askApproval(host.ctx, exec, 'needsApproval')
}

/**
 * Run the scope's guards in order; the first returned string is a final denial. A guard that
 * throws or returns anything but a string or `undefined` denies too (fail closed).
 */
export function runGuards(host: PipelineHost, exec: ToolExecution): ToolExecutionResult | undefined {
  let guards
  try {
    guards = host.guards(exec.agent)
  } catch (error) {
    return errorResult(
      exec.callId,
      registryFailure('DENIED', `guards for tool "${exec.name}" could not be resolved: ${describeThrown(error)}`),
    )
  }
  for (const guard of guards) {
    let verdict: unknown
    try {
      verdict = guard(exec)
    } catch (error) {
      return errorResult(
        exec.callId,
        registryFailure('DENIED', `a guard failed for tool "${exec.name}": ${describeThrown(error)}`),
      )
    }
    if (verdict === undefined) continue
    const reason =
      typeof verdict === 'string' ? verdict : `a guard returned a non-string verdict for tool "${exec.name}"`
    return errorResult(
      exec.callId,
      registryFailure('DENIED', reason === '' ? `tool "${exec.name}" was denied by a guard` : reason),
    )
  }
  return undefined
}
