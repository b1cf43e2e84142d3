import type { CodeRunFailureKind, CodeRunUsage } from '@isocode/code-runtime'

/**
 * Why a run failed: a runtime failure kind, a budget the registry enforces (`tool-call-limit`), the
 * check before the run (`check`, R-104), or what a durable run stopped it for (`paused`,
 * `needs-review`, `replay-divergence`, `store`, R-110).
 */
export type RunFailureKind =
  | CodeRunFailureKind
  | 'tool-call-limit'
  | 'check'
  | 'paused'
  | 'needs-review'
  | 'replay-divergence'
  | 'store'

/**
 * Something a live `run_code` run did, as its caller's `onRunEvent` sees it (rules in
 * docs/registry-contract.md): the run starting, each tool call it dispatched starting and
 * finishing, each console line, and the run finishing.
 */
export type RunEvent =
  | { type: 'run-started'; callId: string }
  | {
      type: 'call-started'
      /** The sub-call's callId (`<run callId>:code:<n>`). */
      callId: string
      /** The sub-call's number in the run, from 1 in dispatch order. */
      call: number
      tool: string
      /** A recorded call of a resumed durable run that runs again. */
      replayed?: true
    }
  | {
      type: 'call-finished'
      callId: string
      call: number
      tool: string
      /** Wall time of the pipeline execution, ms. */
      ms: number
      /** False when the call's result was an isError result. */
      ok: boolean
      /** UTF-8 bytes of what the program received: the value's JSON, or the failure text. */
      bytes: number
      /** The isError result's code, when it has one. */
      code?: string
      /** A recorded call of a resumed durable run that ran again. */
      replayed?: true
    }
  | { type: 'console'; line: string }
  | {
      type: 'run-finished'
      callId: string
      outcome: 'ok' | RunFailureKind
      /** Tool calls the run dispatched. */
      calls: number
      /** The runtime's usage; null when the backend reported none or the run never got a result. */
      usage: CodeRunUsage | null
    }

/** Receives the events of one run_code call; it must not block, and what it throws is ignored. */
export type RunEventListener = (event: RunEvent) => void
