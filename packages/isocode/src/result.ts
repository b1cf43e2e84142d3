import { contentToText } from '@isocode/registry'
import type { ToolExecutionResult } from '@isocode/registry'
import type { CodeModeError, CodeModeResult, JsonValue } from './types.ts'

type Structured = { value?: JsonValue; logs: string[]; usage: CodeModeResult['usage']; error?: CodeModeError }

const isStructured = (value: unknown): value is Structured =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Structured).logs) &&
  typeof (value as Structured).usage === 'object'

/**
 * A run_code result as a CodeModeResult: its structuredContent plus the text. A call
 * refused before it ran (aborted, denied) has none: kind `abort` or `refused`, no logs, zero usage.
 */
export function toCodeModeResult(result: ToolExecutionResult, runId: string | undefined): CodeModeResult {
  const id = runId === undefined ? {} : { runId }
  const text = contentToText(result.content)
  const structured = result.structuredContent
  if (isStructured(structured)) {
    // why: the registry freezes its results; the caller gets its own mutable copy.
    const copy = structuredClone(structured)
    const out: CodeModeResult =
      copy.error === undefined
        ? { ok: true, status: 'completed', ...id, logs: copy.logs, usage: copy.usage, text }
        : { ok: false, status: 'failed', ...id, logs: copy.logs, usage: copy.usage, error: copy.error, text }
    if (copy.value !== undefined) out.value = copy.value
    return out
  }
  const usage = { cpuMs: 0, wallMs: 0, toolCalls: 0, outputBytes: 0 }
  if (!result.isError) return { ok: true, status: 'completed', ...id, logs: [], usage, text }
  return {
    ok: false,
    status: 'failed',
    ...id,
    logs: [],
    usage,
    error: { kind: result.error?.code === 'ABORTED' ? 'abort' : 'refused', message: text },
    text,
  }
}

/** The result of a run refused before it started: kind `busy` (the queue is full) or `abort`, no logs, zero usage. */
export function refusedResult(kind: 'busy' | 'abort', message: string, runId: string | undefined): CodeModeResult {
  return {
    ok: false,
    status: 'failed',
    ...(runId === undefined ? {} : { runId }),
    logs: [],
    usage: { cpuMs: 0, wallMs: 0, toolCalls: 0, outputBytes: 0 },
    error: { kind, message },
    text: message,
  }
}
