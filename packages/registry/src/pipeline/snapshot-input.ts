import { toStableLosslessJson } from '../stable-json.ts'
import type { RunEventListener } from '../run-event.ts'
import type { Approval } from '@isocode/harness'
import type { JsonObject, RunDurability, ScopeKey, ToolExecutionResult, ToolExecutionToken } from '../types.ts'
import { createExecution, type OwnedExecution } from './execution.ts'
import { freezeJson } from './freeze.ts'
import type { TokenIssuer } from './host.ts'
import { describeThrown, errorResult, registryFailure, safeInstanceOf } from './results.ts'

/**
 * The outcome of snapshotting one input: a live execution, or the frozen isError result. A refused
 * input with a usable identity (string callId and name) also carries a sealed execution for
 * tools/result observers; one without (`owned` absent) is answered to the caller only.
 */
export type Snapshot =
  | {
      ok: true
      owned: OwnedExecution
      onRunEvent: RunEventListener | undefined
      durable: RunDurability | undefined
      scope: string | undefined
      approval: Approval | undefined
    }
  | { ok: false; result: ToolExecutionResult; owned: OwnedExecution | undefined }

type Field =
  | 'callId'
  | 'name'
  | 'arguments'
  | 'agent'
  | 'parent'
  | 'signal'
  | 'onRunEvent'
  | 'durable'
  | 'scope'
  | 'approval'
const FIELDS: readonly Field[] = [
  'callId',
  'name',
  'arguments',
  'agent',
  'parent',
  'signal',
  'onRunEvent',
  'durable',
  'scope',
  'approval',
]

interface RawInput {
  values: Record<Field, unknown>
  /** The first field whose read threw, with the description of what it threw. */
  failure: string | undefined
}

// why: every field is read exactly once, so a getter or Proxy on the single-use input cannot
// show policy one value and dispatch another. Each read is guarded on its own, so a throwing
// `arguments` getter still leaves a usable callId and name for the observers.
function readOnce(input: object): RawInput {
  const source = input as Record<Field, unknown>
  const values = {} as Record<Field, unknown>
  let failure: string | undefined
  for (const field of FIELDS) {
    try {
      values[field] = source[field]
    } catch (error) {
      values[field] = undefined
      failure ??= `reading ${field} of the tool call input threw: ${describeThrown(error)}`
    }
  }
  return { values, failure }
}

const NO_ARGUMENTS: JsonObject = Object.freeze({})

function refuse(
  code: 'INVALID_INPUT' | 'INVALID_ARGS',
  message: string,
  callId: string,
  owned: OwnedExecution | undefined,
): Snapshot {
  const result = errorResult(callId, registryFailure(code, message))
  freezeJson(result)
  owned?.seal()
  return { ok: false, result, owned }
}

/** Detach `value` as a deep-frozen JSON object, or say why it is not one. */
function detachArguments(name: string, value: unknown): JsonObject | string {
  const copy = toStableLosslessJson(value)
  if (!copy.ok) {
    const where = copy.reason.replace(/^\$/, 'arguments')
    return copy.unstable
      ? `arguments of tool "${name}" are unstable: two reads differ (${where})`
      : `arguments of tool "${name}" must be losslessly JSON-serializable (${where})`
  }
  const args = copy.value
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const kind = Array.isArray(args) ? 'an array' : args === null ? 'null' : `a ${typeof args}`
    return `arguments of tool "${name}" must be a JSON object, got ${kind}`
  }
  // why: the second look at the detached copy (while freezing it) is the "after cloning" check.
  const after = freezeJson(args)
  return after === undefined ? args : `arguments of tool "${name}" did not survive cloning: ${after}`
}

/**
 * Snapshot a caller's ToolExecutionInput into a pipeline-owned execution: strings for callId and
 * name, a detached deep-frozen lossless-JSON object for arguments (rule R-27 in docs/registry-contract.md), a parent
 * issued by `tokens` (rule R-28 in docs/registry-contract.md) and a fresh token. Never throws.
 */
export function snapshotInput(input: unknown, tokens: TokenIssuer): Snapshot {
  if (typeof input !== 'object' || input === null) {
    return refuse(
      'INVALID_INPUT',
      'execute() needs a ToolExecutionInput object { callId, name, arguments }',
      '',
      undefined,
    )
  }
  const { values, failure } = readOnce(input)
  const { callId, name, agent, parent, signal, onRunEvent, durable, scope, approval } = values
  if (typeof callId !== 'string') return refuse('INVALID_INPUT', failure ?? 'callId must be a string', '', undefined)
  if (typeof name !== 'string')
    return refuse('INVALID_INPUT', failure ?? 'name must be a string (the tool name)', callId, undefined)
  const agentOk = agent === undefined || (typeof agent === 'object' && agent !== null)
  const parentOk = parent === undefined || tokens.owns(parent)
  const args = failure === undefined ? detachArguments(name, values.arguments) : failure
  let problem: [code: 'INVALID_INPUT' | 'INVALID_ARGS', message: string] | undefined
  if (failure !== undefined) problem = ['INVALID_INPUT', failure]
  else if (!agentOk) problem = ['INVALID_INPUT', `agent of tool call "${name}" must be a ScopeKey or absent`]
  else if (!parentOk)
    problem = ['INVALID_INPUT', `parent of tool call "${name}" must be an execution token issued by this registry`]
  else if (signal !== undefined && !safeInstanceOf(signal, AbortSignal))
    problem = ['INVALID_INPUT', `signal of tool call "${name}" must be an AbortSignal or absent`]
  // why: R-80 — a listener that is not a function is the caller's mistake, named like a bad signal.
  else if (onRunEvent !== undefined && typeof onRunEvent !== 'function')
    problem = ['INVALID_INPUT', `onRunEvent of tool call "${name}" must be a function or absent`]
  else if (durable !== undefined && (typeof durable !== 'object' || durable === null))
    problem = ['INVALID_INPUT', `durable of tool call "${name}" must be a RunDurability object or absent`]
  // why: R-121 — a state scope is a non-empty name; anything else is the caller's mistake.
  else if (scope !== undefined && (typeof scope !== 'string' || scope === ''))
    problem = ['INVALID_INPUT', `scope of tool call "${name}" must be a non-empty string or absent`]
  // why: R-34 — the caller's own approver must be able to answer, or the call could only be denied.
  else if (
    approval !== undefined &&
    (typeof approval !== 'object' || approval === null || typeof (approval as Approval).request !== 'function')
  )
    problem = [
      'INVALID_INPUT',
      `approval of tool call "${name}" must be an Approval (an object with request()) or absent`,
    ]
  else if (typeof args === 'string') problem = ['INVALID_ARGS', args]
  // why: from here the call has a usable identity, so even a refusal is observable (spec: "final
  // observers still receive one result"). A refused call's execution keeps only what was valid:
  // no signal (nothing runs), and `{}` for arguments that were refused (the result says why).
  const owned = createExecution(
    {
      token: tokens.issue(),
      callId,
      name,
      arguments: typeof args === 'string' ? NO_ARGUMENTS : args,
      agent: agentOk ? (agent as ScopeKey | undefined) : undefined,
      parent: parentOk ? (parent as ToolExecutionToken | undefined) : undefined,
    },
    problem === undefined ? (signal as AbortSignal | undefined) : undefined,
  )
  if (problem !== undefined) return refuse(problem[0], problem[1], callId, owned)
  return {
    ok: true,
    owned,
    onRunEvent: onRunEvent as RunEventListener | undefined,
    durable: durable as RunDurability | undefined,
    scope: scope as string | undefined,
    approval: approval as Approval | undefined,
  }
}
