import { runOutcome } from '@isocode/registry/internal'
import type { ToolExecutionResult } from '@isocode/registry'
import type { CodeModeResult } from './types.ts'

/**
 * A run_code result as a CodeModeResult: its structuredContent plus the text. A call
 * refused before it ran (aborted, denied) has none: kind `abort` or `refused`, no logs, zero usage.
 */
export function toCodeModeResult(result: ToolExecutionResult, runId: string | undefined): CodeModeResult {
  return runOutcome(result, runId)
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
