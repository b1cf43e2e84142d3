import { toLosslessJson } from '@isocode/code-runtime'
import type { JsonObject, ScopeKey, ToolExecutionResult, ToolExecutionToken } from '../types.ts'
import { createExecution, type OwnedExecution } from './execution.ts'
import { freezeJson } from './freeze.ts'
import type { TokenIssuer } from './host.ts'
import { describeThrown, errorResult, registryFailure, safeInstanceOf } from './results.ts'

/** The outcome of snapshotting one input: a live execution, or the (frozen) isError result. */
export type Snapshot = { ok: true; owned: OwnedExecution } | { ok: false; result: ToolExecutionResult }

interface RawInput {
  callId: unknown
  name: unknown
  arguments: unknown
  agent: unknown
  parent: unknown
  signal: unknown
}

function rejected(callId: unknown, code: 'INVALID_INPUT' | 'INVALID_ARGS', message: string): Snapshot {
  const result = errorResult(typeof callId === 'string' ? callId : '', registryFailure(code, message))
  freezeJson(result)
  return { ok: false, result }
}

// why: every field is read exactly once, so a getter or Proxy on the single-use input cannot
// show policy one value and dispatch another.
function readOnce(input: object): RawInput {
  const source = input as Record<string, unknown>
  const callId = source.callId
  const name = source.name
  const args = source.arguments
  const agent = source.agent
  const parent = source.parent
  const signal = source.signal
  return { callId, name, arguments: args, agent, parent, signal }
}

/**
 * Snapshot a caller's ToolExecutionInput into a pipeline-owned execution: strings for callId and
 * name, a detached deep-frozen lossless-JSON object for arguments (clarification 10), a parent
 * issued by `tokens` (clarification 11) and a fresh token. Never throws.
 */
export function snapshotInput(input: unknown, tokens: TokenIssuer): Snapshot {
  if (typeof input !== 'object' || input === null) {
    return rejected(undefined, 'INVALID_INPUT', 'execute() needs a ToolExecutionInput object { callId, name, arguments }')
  }
  let raw: RawInput
  try {
    raw = readOnce(input)
  } catch (error) {
    return rejected(undefined, 'INVALID_INPUT', `reading the tool call input threw: ${describeThrown(error)}`)
  }
  const { callId, name, agent, parent, signal } = raw
  if (typeof callId !== 'string') return rejected(callId, 'INVALID_INPUT', 'callId must be a string')
  if (typeof name !== 'string') return rejected(callId, 'INVALID_INPUT', 'name must be a string (the tool name)')
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    return rejected(callId, 'INVALID_INPUT', `agent of tool call "${name}" must be a ScopeKey or absent`)
  }
  if (parent !== undefined && !tokens.owns(parent)) {
    return rejected(callId, 'INVALID_INPUT', `parent of tool call "${name}" must be an execution token issued by this registry`)
  }
  if (signal !== undefined && !safeInstanceOf(signal, AbortSignal)) {
    return rejected(callId, 'INVALID_INPUT', `signal of tool call "${name}" must be an AbortSignal or absent`)
  }
  const copy = toLosslessJson(raw.arguments)
  if (!copy.ok) {
    return rejected(callId, 'INVALID_ARGS', `arguments of tool "${name}" must be losslessly JSON-serializable (${copy.reason.replace(/^\$/, 'arguments')})`)
  }
  const args = copy.value
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const kind = Array.isArray(args) ? 'an array' : args === null ? 'null' : `a ${typeof args}`
    return rejected(callId, 'INVALID_ARGS', `arguments of tool "${name}" must be a JSON object, got ${kind}`)
  }
  // why: the second look at the detached copy (while freezing it) is the "after cloning" check.
  const after = freezeJson(args)
  if (after !== undefined) return rejected(callId, 'INVALID_ARGS', `arguments of tool "${name}" did not survive cloning: ${after}`)
  const owned = createExecution(
    { token: tokens.issue(), callId, name, arguments: args as JsonObject, agent: agent as ScopeKey | undefined, parent: parent as ToolExecutionToken | undefined },
    signal,
  )
  return { ok: true, owned }
}
