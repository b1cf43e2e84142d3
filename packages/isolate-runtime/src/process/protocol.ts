// The messages between a supervised runtime and its child process (Node IPC, JSON
// serialization). Every payload is plain JSON: programs, binding arguments and results were
// checked as lossless JSON before they get here.
import type { CodeRunResult, JsonValue } from '@isocode/code-runtime'

/** One binding namespace as the child rebuilds it: names only, the functions stay in the parent. */
export interface NamespaceShape {
  global: string
  members: string[]
  errorClass?: { name: string; memberNameProperty: string }
}

/** The outcome of one binding call, as the parent answers it. */
export type Reply = { call: number; ok: true; value?: JsonValue } | { call: number; ok: false; message: string }

/** One binding call the program made, as the child forwards it. */
export interface Call {
  call: number
  run: number
  ns: number
  member: string
  args?: JsonValue
}

/**
 * Parent → child. Replies settled in one parent turn travel as one message, so a Promise.all
 * reaches the guest in one batch, as it does in-process.
 */
export type ToChild =
  | { t: 'run'; run: number; program: string; namespaces: NamespaceShape[] }
  | { t: 'abort'; run: number; reason: string }
  | { t: 'replies'; replies: Reply[] }
  | { t: 'dispose' }

/**
 * Child → parent. Calls made in one child turn travel as one message; the parent runs them one
 * at a time, in order (the child does not serialize them). A result with `retire` is the child's
 * last message: it left an isolate paused (RunBudgets.pauseToLocate) and exits right after.
 */
export type ToParent =
  | { t: 'ready' }
  | { t: 'logs'; run: number; lines: string[] }
  | { t: 'calls'; calls: Call[] }
  | { t: 'result'; run: number; result: CodeRunResult; retire?: true }

/** Whether `value` looks like a message of this protocol (the channel is ours, but stay total). */
export function isMessage(value: unknown): value is { t: string } {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string'
}
