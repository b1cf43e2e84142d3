// A run_code result as a run's outcome (the facade's CodeModeResult shape) and back: what the runs
// API returns, and what run_code returns for a run the `runStore` service recorded.
import { isPlainObject } from '@isocode/code-runtime'
import { contentToText } from '../code-mode/result-text.ts'
import type { JsonObject, JsonValue, ToolExecutionResult } from '../types.ts'
import type { RunError, RunOutcome } from './types.ts'

type Structured = { value?: JsonValue; logs: string[]; usage: RunOutcome['usage']; error?: RunError }

const isStructured = (value: unknown): value is Structured =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Structured).logs) &&
  typeof (value as Structured).usage === 'object'

/**
 * A run_code result as a RunOutcome: its structuredContent plus the text. A call
 * refused before it ran (aborted, denied) has none: kind `abort` or `refused`, no logs, zero usage.
 */
export function runOutcome(result: ToolExecutionResult, runId: string | undefined): RunOutcome {
  const id = runId === undefined ? {} : { runId }
  const text = contentToText(result.content)
  const structured = result.structuredContent
  if (isStructured(structured)) {
    // why: the registry freezes its results; the caller gets its own mutable copy.
    const copy = structuredClone(structured)
    const out: RunOutcome =
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

/**
 * run_code's result for a recorded run: `raw` (what the program's last execution gave) with
 * `status` and `runId` in its structuredContent; a paused run is no error and lists `pending`; when the store changed
 * the outcome (a refused write fails a finished run, R-113), the outcome's own text and data.
 */
export function recordedResult(raw: ToolExecutionResult | undefined, outcome: RunOutcome): ToolExecutionResult {
  const data: JsonObject = {
    ...(isPlainObject(raw?.structuredContent) ? raw.structuredContent : {}),
    logs: outcome.logs,
    usage: outcome.usage,
    status: outcome.status,
  }
  if (outcome.value !== undefined) data.value = outcome.value
  if (outcome.runId !== undefined) data.runId = outcome.runId
  // why: R-148 — a paused run has not failed (as R-144 says for serve): its pending calls are the data.
  if (outcome.status === 'paused') {
    delete data.error
    data.pending = outcome.pending as unknown as JsonValue
    return {
      callId: raw?.callId ?? '',
      content: raw?.content ?? [{ type: 'text', text: outcome.text }],
      isError: false,
      structuredContent: data,
    }
  }
  if (outcome.error !== undefined) data.error = { ...outcome.error }
  // why: the store may fail a run the program finished; the outcome then says so itself.
  if (raw !== undefined && raw.isError === !outcome.ok) return { ...raw, structuredContent: data }
  const result: ToolExecutionResult = {
    callId: raw?.callId ?? '',
    content: [{ type: 'text', text: outcome.text }],
    isError: !outcome.ok,
    structuredContent: data,
  }
  if (!outcome.ok) result.error = { name: 'RegistryError', code: 'STORE' }
  return result
}
