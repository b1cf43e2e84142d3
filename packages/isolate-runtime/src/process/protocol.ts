// The messages between a supervised runtime and its child process (Node IPC, JSON
// serialization). Every payload is plain JSON: programs, binding arguments and results were
// checked as lossless JSON before they get here.
import type { CodeRunResult, JsonValue } from '@isocode/code-runtime'

/** One binding namespace as the child rebuilds it: names only, the functions stay in the parent. */
export interface NamespaceShape {
  global: string
  members: string[]
  errorClass?: { name: string; memberNameProperty: string }
  /** The members whose calls may overlap, and how many at once (see CodeBindingNamespace). */
  concurrent?: { members: string[]; limit: number }
}

/** Parent → child. */
export type ToChild =
  | { t: 'run'; run: number; program: string; namespaces: NamespaceShape[] }
  | { t: 'abort'; run: number; reason: string }
  | { t: 'reply'; call: number; ok: true; value?: JsonValue }
  | { t: 'reply'; call: number; ok: false; message: string }
  | { t: 'dispose' }

/** Child → parent. */
export type ToParent =
  | { t: 'ready' }
  | { t: 'logs'; run: number; lines: string[] }
  | { t: 'call'; call: number; run: number; ns: number; member: string; args?: JsonValue }
  | { t: 'result'; run: number; result: CodeRunResult }

/** Whether `value` looks like a message of this protocol (the channel is ours, but stay total). */
export function isMessage(value: unknown): value is { t: string } {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string'
}
