import type { CodeRunResult, JsonValue } from '@isocode/code-runtime'
import type { RunFailureKind } from '../run-event.ts'
import type { ContentBlock, ToolExecutionResult } from '../types.ts'

/** A sub-call result as the program sees it: text, non-text blocks collapsed to placeholders. */
export function contentToText(content: readonly ContentBlock[]): string {
  return content.map((block) => (block.type === 'text' ? block.text : `[${block.type} content]`)).join('\n')
}

/**
 * What a successful sub-call resolves to inside the program: the `structuredContent` of a tool
 * that declares an output schema (the SDK types it so), otherwise the text of its content.
 */
export function programValue(result: ToolExecutionResult, typed: boolean): JsonValue {
  return typed && result.structuredContent !== undefined ? result.structuredContent : contentToText(result.content)
}

/** The message a failed or denied sub-call rejects with inside the program. */
export function failureText(result: ToolExecutionResult): string {
  const text = contentToText(result.content)
  return text.length > 0 ? text : `tool call failed${result.error ? ` (${result.error.code})` : ''}`
}

function renderValue(value: JsonValue): string {
  // why: a returned string is already model-facing text; anything else is shown as JSON.
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

/** The model-facing text of a successful run: captured logs, then the returned value. */
export function successText(result: CodeRunResult): string {
  const parts: string[] = []
  if (result.logs.length > 0) parts.push(result.logs.join('\n'))
  if (result.value !== undefined)
    parts.push(result.logs.length > 0 ? `return value:\n${renderValue(result.value)}` : renderValue(result.value))
  return parts.length > 0 ? parts.join('\n\n') : 'The program finished without printing or returning anything.'
}

/** Why a run failed ({@link RunFailureKind}) and what the model reads about it. */
export interface RunFailure {
  readonly kind: RunFailureKind
  readonly message: string
}

/** The CodeRunFailedError message: the failure kind and (explained) message, then the captured logs. */
export function failureMessage(
  failure: RunFailure,
  logs: readonly string[],
  explain: (message: string) => string = (message) => message,
): string {
  const head = `run_code failed (${failure.kind}): ${explain(failure.message)}`
  return logs.length > 0 ? `${head}\n\nlogs before the failure:\n${logs.join('\n')}` : head
}
