import type { Approval } from '@isocode/harness'
import type { RunEventListener } from '../run-event.ts'
import type { RunDurability, ToolExecutionToken } from '../types.ts'

// why: the spec fixes the ToolExecution shape guards and listeners see, so a caller's run listener
// lives beside the execution, keyed by its token (unique per call, collected with it), and only
// run_code reads it (rule R-80 in docs/registry-contract.md).
const listeners = new WeakMap<ToolExecutionToken, RunEventListener>()

/** Remember `listener` for the execution `token` names. */
export function attachRunListener(token: ToolExecutionToken, listener: RunEventListener): void {
  listeners.set(token, listener)
}

/** The run listener the caller of the execution `token` names passed, if any. */
export function runListenerOf(token: ToolExecutionToken): RunEventListener | undefined {
  return listeners.get(token)
}

const durables = new WeakMap<ToolExecutionToken, RunDurability>()

/** Remember the durable side of the run_code execution `token` names (rule R-110). */
export function attachRunDurability(token: ToolExecutionToken, durable: RunDurability): void {
  durables.set(token, durable)
}

/** The durable side the caller of the execution `token` passed, if any. */
export function runDurabilityOf(token: ToolExecutionToken): RunDurability | undefined {
  return durables.get(token)
}

const scopes = new WeakMap<ToolExecutionToken, string>()

/** Remember the state scope the caller of the run_code execution `token` names (rule R-121). */
export function attachStateScope(token: ToolExecutionToken, scope: string): void {
  scopes.set(token, scope)
}

/** The state scope the caller of the execution `token` named, if any. */
export function stateScopeOf(token: ToolExecutionToken): string | undefined {
  return scopes.get(token)
}

const approvals = new WeakMap<ToolExecutionToken, Approval>()

/** Remember the approver the caller of the execution `token` passed for its own call (rule R-34). */
export function attachCallApproval(token: ToolExecutionToken, approval: Approval): void {
  approvals.set(token, approval)
}

/** The approver the caller of the execution `token` passed, if any. */
export function callApprovalOf(token: ToolExecutionToken): Approval | undefined {
  return approvals.get(token)
}
