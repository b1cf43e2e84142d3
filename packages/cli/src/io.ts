import type { LiveSink } from './live.ts'

/** Where a command writes: stdout for results, stderr for diagnostics, `live` for a run as it happens. */
export interface Io {
  out(text: string): void
  err(text: string): void
  /** Where `run` shows each tool call as it finishes (stderr in the CLI); absent: nothing live. */
  live?: LiveSink
  /** Ask a question on the terminal and resolve to the answer line; absent when no one can answer (not a terminal). */
  ask?: (question: string) => Promise<string>
}
