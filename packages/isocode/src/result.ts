import type { CodeModeResult } from './types.ts'

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
