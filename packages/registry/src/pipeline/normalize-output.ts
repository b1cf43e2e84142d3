import { toLosslessJson } from '@isocode/code-runtime'
import type { ContentBlock, JsonValue, ToolExecutionResult } from '../types.ts'
import { errorResult, registryFailure } from './results.ts'
import { asResult, contentProblem, extraKeys, isJsonObject, resultProblem } from './validate.ts'

const outputKeys = new Set(['content', 'meta', 'structuredContent'])

function invalid(callId: string, message: string): ToolExecutionResult {
  return errorResult(callId, registryFailure('INVALID_TOOL_OUTPUT', message))
}

/**
 * Normalize what a tool's execute returned — `ContentBlock[]` or `{ content, meta?, structuredContent? }` — into a
 * successful result, or an INVALID_TOOL_OUTPUT isError when it is not lossless JSON of that shape.
 */
export function normalizeOutput(callId: string, name: string, output: unknown): ToolExecutionResult {
  const copy = toLosslessJson(output)
  if (!copy.ok) return invalid(callId, `tool "${name}" returned output that is not lossless JSON (${copy.reason})`)
  const value = copy.value
  let content: JsonValue | undefined
  let meta: JsonValue | undefined
  let structuredContent: JsonValue | undefined
  if (Array.isArray(value)) {
    content = value
  } else if (isJsonObject(value) && extraKeys(value, outputKeys) === undefined) {
    content = value.content
    meta = value.meta
    structuredContent = value.structuredContent
  } else {
    return invalid(callId, `tool "${name}" must return ContentBlock[] or { content, meta?, structuredContent? }`)
  }
  const problem = contentProblem(content)
  if (problem !== undefined) return invalid(callId, `tool "${name}" returned invalid output: ${problem}`)
  const result: ToolExecutionResult = { callId, content: content as unknown as ContentBlock[], isError: false }
  if (meta !== undefined) result.meta = meta
  if (structuredContent !== undefined) result.structuredContent = structuredContent
  return result
}

/**
 * Check a result a tools/execute wrapper returned: lossless JSON of the ToolExecutionResult shape.
 * The execution's own `callId` always replaces whatever the wrapper wrote (rule R-36 in docs/registry-contract.md).
 */
export function checkWrapperResult(
  callId: string,
  name: string,
  raw: unknown,
): { ok: boolean; result: ToolExecutionResult } {
  const copy = toLosslessJson(raw)
  if (!copy.ok) {
    return {
      ok: false,
      result: invalid(
        callId,
        `a tools/execute wrapper returned a result for tool "${name}" that is not lossless JSON (${copy.reason})`,
      ),
    }
  }
  const value = copy.value
  if (isJsonObject(value)) value.callId = callId
  const problem = resultProblem(value)
  if (problem !== undefined || !isJsonObject(value)) {
    return {
      ok: false,
      result: invalid(callId, `a tools/execute wrapper returned an invalid result for tool "${name}": ${problem}`),
    }
  }
  return { ok: true, result: asResult(value) }
}
