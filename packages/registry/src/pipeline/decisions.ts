import { toLosslessJson } from '@isocode/code-runtime'
import type { ContentBlock, PostToolDecision, PreToolDecision } from '../types.ts'
import { asHookContext, contentProblem, extraKeys, hookContextProblem, isJsonObject } from './validate.ts'

/** The innermost tools/pre-execute default. */
export const ALLOW: PreToolDecision = Object.freeze({ kind: 'allow' })
/** The innermost tools/post-execute default. */
export const ACCEPT: PostToolDecision = Object.freeze({ kind: 'accept' })

const preKeys = {
  allow: new Set(['kind']),
  deny: new Set(['kind', 'reason']),
  ask: new Set(['kind', 'reason']),
}

/**
 * Validate a listener's PreToolDecision exactly: a known kind, a string reason where one is
 * allowed (required for deny), no other fields. Returns the decision or a problem description.
 */
export function parsePreDecision(raw: unknown): PreToolDecision | string {
  if (raw === ALLOW) return ALLOW
  const copy = toLosslessJson(raw)
  if (!copy.ok) return `not plain JSON data (${copy.reason})`
  const value = copy.value
  if (!isJsonObject(value)) return 'a decision must be an object { kind, ... }'
  const kind = value.kind
  if (kind !== 'allow' && kind !== 'deny' && kind !== 'ask') return `unknown kind ${JSON.stringify(kind ?? null)}`
  const extra = extraKeys(value, preKeys[kind])
  if (extra !== undefined) return `${kind} decision has ${extra}`
  if (kind === 'allow') return ALLOW
  const reason = value.reason
  if (kind === 'deny') {
    return typeof reason === 'string' ? { kind, reason } : 'deny decision needs a string reason'
  }
  if (reason === undefined) return { kind }
  return typeof reason === 'string' ? { kind, reason } : 'ask decision reason must be a string'
}

const postKeys = {
  accept: new Set(['kind', 'content', 'additionalContext']),
  block: new Set(['kind', 'feedback', 'additionalContext']),
}

/**
 * Validate a listener's PostToolDecision exactly: accept (optional content, additionalContext) or
 * block (feedback: a string or well-formed content blocks, optional additionalContext);
 * additionalContext must be a HookContext.
 */
export function parsePostDecision(raw: unknown): PostToolDecision | string {
  if (raw === ACCEPT) return ACCEPT
  const copy = toLosslessJson(raw)
  if (!copy.ok) return `not plain JSON data (${copy.reason})`
  const value = copy.value
  if (!isJsonObject(value)) return 'a decision must be an object { kind, ... }'
  const kind = value.kind
  if (kind !== 'accept' && kind !== 'block') return `unknown kind ${JSON.stringify(kind ?? null)}`
  const extra = extraKeys(value, postKeys[kind])
  if (extra !== undefined) return `${kind} decision has ${extra}`
  const context = value.additionalContext
  if (context !== undefined) {
    const problem = hookContextProblem(context)
    if (problem !== undefined) return problem
  }
  const additionalContext = isJsonObject(context) ? asHookContext(context) : undefined
  if (kind === 'block') {
    const feedback = value.feedback
    if (typeof feedback !== 'string' && !Array.isArray(feedback))
      return 'block decision feedback must be a string or an array of content blocks'
    const problem = typeof feedback === 'string' ? undefined : contentProblem(feedback)
    if (problem !== undefined) return `block decision feedback ${problem}`
    const blocks = feedback as string | ContentBlock[]
    return additionalContext === undefined ? { kind, feedback: blocks } : { kind, feedback: blocks, additionalContext }
  }
  const decision: { kind: 'accept'; content?: ContentBlock[]; additionalContext?: typeof additionalContext } = { kind }
  if (value.content !== undefined) {
    const problem = contentProblem(value.content)
    if (problem !== undefined) return `accept decision ${problem}`
    decision.content = value.content as unknown as ContentBlock[]
  }
  if (additionalContext !== undefined) decision.additionalContext = additionalContext
  return decision as PostToolDecision
}
