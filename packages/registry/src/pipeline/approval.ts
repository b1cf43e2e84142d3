import { onAbort } from '@isocode/code-runtime'
import type { Approval } from '@isocode/harness'
import type { Context } from 'cordis'
import type { ToolExecution, ToolExecutionResult } from '../types.ts'
import { describeThrown, errorResult, registryFailure } from './results.ts'
import { callApprovalOf, runDurabilityOf } from './run-listener.ts'

/** Marks a request the registry stopped waiting on because the call was aborted. */
const ABANDONED: unique symbol = Symbol('abandoned')

function denied(exec: ToolExecution, reason: string): ToolExecutionResult {
  return errorResult(exec.callId, registryFailure('DENIED', reason))
}

function abandoned(exec: ToolExecution, signal: AbortSignal): ToolExecutionResult {
  const why = signal.reason === undefined ? '' : ` (${describeThrown(signal.reason)})`
  return errorResult(
    exec.callId,
    registryFailure(
      'ABORTED',
      `approval for tool "${exec.name}" was abandoned: the call was aborted${why} before an answer came; the tool did not run`,
    ),
  )
}

/** `pending`'s answer, or ABANDONED as soon as `signal` fires; a late answer or rejection is dropped. */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T | typeof ABANDONED> {
  return new Promise((resolve, reject) => {
    const detach = onAbort(signal, () => resolve(ABANDONED))
    pending.then(
      (value) => (detach(), resolve(value)),
      (error: unknown) => (detach(), reject(error)),
    )
  })
}

/**
 * Service an `ask` decision through the optional approval seam: undefined when the call may
 * proceed, else its denial, or an ABORTED result when the call's signal fires while the request
 * is pending (rule R-72 in docs/registry-contract.md).
 */
export async function askApproval(
  ctx: Context,
  exec: ToolExecution,
  reason: string | undefined,
): Promise<ToolExecutionResult | undefined> {
  const needs = `tool "${exec.name}" requires approval${reason === undefined ? '' : ` (${reason})`}`
  // why: R-114 — a sub-call of a durable run that no live approver answers is parked: the run
  // pauses with it pending, and once approved in the store it runs without asking again.
  const durable = exec.parent === undefined ? undefined : runDurabilityOf(exec.parent)
  if (durable?.approved(exec.callId) === true) return undefined
  const unanswered = (why: string): ToolExecutionResult =>
    durable === undefined
      ? denied(exec, `${needs}, but ${why}`)
      : errorResult(exec.callId, registryFailure('APPROVAL_REQUIRED', `${needs}; the run pauses until it is decided`))
  // why: R-34 — the caller's own approver (its user, asked where the call came from) needs no
  // agent to route it; else the service, opportunistic, never injected: a deployment without the
  // seam keeps the ask→deny degrade.
  const own = callApprovalOf(exec.token)
  const approval = own ?? (ctx.get('approval') as Approval | undefined)
  if (approval === undefined) return unanswered('no approval service is available')
  if (own === undefined && exec.agent === undefined) return unanswered('the call has no agent to route it through')
  const signal = exec.signal
  if (signal?.aborted === true) return abandoned(exec, signal)
  // why: the provider gets a signal of its own, always present, that follows the call's; a
  // provider cannot abort the caller's signal through it.
  const cancel = new AbortController()
  const detach = onAbort(signal, () => cancel.abort(signal?.reason))
  let outcome: unknown
  try {
    outcome = await untilAborted(
      Promise.resolve(approval.request(exec, reason, { signal: cancel.signal })),
      cancel.signal,
    )
  } catch (error) {
    return denied(exec, `approval for tool "${exec.name}" failed: ${describeThrown(error)}`)
  } finally {
    detach()
  }
  switch (outcome) {
    case ABANDONED:
      return abandoned(exec, cancel.signal)
    case 'allowed-once':
      return undefined
    case 'rejected':
      return denied(exec, `the user rejected tool "${exec.name}"`)
    case 'cancelled':
      return denied(exec, `approval for tool "${exec.name}" was cancelled`)
    case 'unavailable':
      if (durable !== undefined) return unanswered('no one can answer it now')
      return denied(exec, `approval for tool "${exec.name}" is unavailable: no one can answer it now`)
    default:
      return denied(exec, `approval for tool "${exec.name}" returned an unknown outcome`)
  }
}
