import type { ContentBlock, HookContext, JsonObject, JsonValue, ToolExecutionResult } from '../types.ts'

// Shape checks over DETACHED lossless-JSON copies (see toLosslessJson): only structure is left to
// check here. Each returns a problem description, or `undefined` when the value is well formed.

/** Whether a JSON value is an object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Keys of `value` that are not in `allowed`, as a readable list, or `undefined`. */
export function extraKeys(value: JsonObject, allowed: ReadonlySet<string>): string | undefined {
  const extra = Object.keys(value).filter((key) => !allowed.has(key))
  return extra.length === 0
    ? undefined
    : `unexpected field${extra.length === 1 ? '' : 's'} ${extra.map((k) => JSON.stringify(k)).join(', ')}`
}

const stringFields: Record<ContentBlock['type'], readonly string[]> = {
  text: ['text'],
  image: ['data', 'mimeType'],
  audio: ['data', 'mimeType'],
  resource: [],
  resource_link: ['uri', 'name'],
}

function blockProblem(block: JsonValue): string | undefined {
  if (!isJsonObject(block)) return 'must be an object'
  const type = block.type
  if (typeof type !== 'string' || !Object.hasOwn(stringFields, type)) {
    return `has unknown type ${JSON.stringify(type ?? null)}`
  }
  for (const field of stringFields[type as ContentBlock['type']]) {
    if (typeof block[field] !== 'string') return `(${type}) needs a string "${field}"`
  }
  if (type === 'resource' && !isJsonObject(block.resource)) return '(resource) needs an object "resource"'
  if (type === 'resource_link') {
    for (const field of ['description', 'mimeType']) {
      if (block[field] !== undefined && typeof block[field] !== 'string')
        return `(resource_link) "${field}" must be a string`
    }
  }
  return undefined
}

/** Problem with a `content` value: it must be an array of well-formed ContentBlocks. */
export function contentProblem(content: JsonValue | undefined): string | undefined {
  if (!Array.isArray(content)) return 'content must be an array of content blocks'
  for (let i = 0; i < content.length; i++) {
    const problem = blockProblem(content[i] as JsonValue)
    if (problem !== undefined) return `content[${i}] ${problem}`
  }
  return undefined
}

/** Problem with an `additionalContext` value: a JSON object with at least `text: string` (rule R-39 in docs/registry-contract.md). */
export function hookContextProblem(value: JsonValue | undefined): string | undefined {
  if (!isJsonObject(value)) return 'additionalContext must be an object with a string "text"'
  if (typeof value.text !== 'string') return 'additionalContext.text must be a string'
  return undefined
}

const resultKeys = new Set(['callId', 'content', 'isError', 'error', 'additionalContext', 'meta', 'structuredContent'])
const errorKeys = new Set(['name', 'code'])

/** Problem with a whole ToolExecutionResult (the `callId` is checked by the caller). */
export function resultProblem(value: JsonValue): string | undefined {
  if (!isJsonObject(value)) return 'a result must be an object'
  const extra = extraKeys(value, resultKeys)
  if (extra !== undefined) return extra
  if (typeof value.isError !== 'boolean') return 'isError must be a boolean'
  const content = contentProblem(value.content)
  if (content !== undefined) return content
  const error = value.error
  if (error !== undefined) {
    if (!isJsonObject(error) || typeof error.name !== 'string' || typeof error.code !== 'string') {
      return 'error must be { name: string, code: string }'
    }
    const extraError = extraKeys(error, errorKeys)
    if (extraError !== undefined) return `error has ${extraError}`
  }
  if (value.additionalContext !== undefined) return hookContextProblem(value.additionalContext)
  return undefined
}

/** Narrow a checked value; callers run {@link resultProblem} first. */
export function asResult(value: JsonObject): ToolExecutionResult {
  return value as unknown as ToolExecutionResult
}

/** Narrow a checked value; callers run {@link hookContextProblem} first. */
export function asHookContext(value: JsonObject): HookContext {
  return value as HookContext
}
