// The messages between a supervised runtime and its child process (one JSON frame each over the
// channel of frame-channel.ts). Every payload is plain JSON: programs, binding arguments and results
// were checked as lossless JSON before they get here.
import type { CodeCallSite, CodeReplayCall, CodeRunResult, JsonValue, RunJournal } from '@isocode/code-runtime'
import type { NamespaceShape } from '../../engine/binding-call.ts'
import type { ResolvedIsolateRuntimeConfig } from '../../engine/config.ts'
import { MAX_BODY_BYTES } from './frame-codec.ts'

/** The child's file descriptor of the message channel (a socket pair made by spawn). */
export const CHANNEL_FD = 3

/** The outcome of one binding call, as the parent answers it. */
export type Reply =
  | { call: number; ok: true; value?: JsonValue }
  | { call: number; ok: false; message: string; code?: string }

/** One binding call the program made, as the child forwards it. */
export interface Call {
  call: number
  run: number
  ns: number
  member: string
  args?: JsonValue
  /** Where the program made the call, for a journaled run only (rule RT-52). */
  site?: CodeCallSite
}

/**
 * Parent → child. Replies settled in one parent turn travel as one message, so a Promise.all
 * reaches the guest in one batch, as it does in-process.
 */
export type ToChild =
  | {
      t: 'run'
      run: number
      program: string
      namespaces: readonly NamespaceShape[]
      journal?: RunJournal
      /** The outcomes the child may serve itself (rule RT-71); only with a journal. */
      replay?: readonly CodeReplayCall[]
    }
  | { t: 'abort'; run: number; reason: string }
  | { t: 'replies'; replies: Reply[] }
  | { t: 'dispose' }

/**
 * Child → parent. `started` is sent right before the program is handed to the isolate: a child
 * that dies before it cannot have run any of the program (RT-42). Calls made in one child turn
 * travel as one message; the parent runs them one at a time, in order (the child does not
 * serialize them). A result with `retire` is the child's last message: it left an isolate paused
 * (RunSettings.pauseToLocate) and exits right after. A journaled run (rule RT-49) streams its journal
 * as `journal` parts while it runs, so the parent holds it however the run ends; its result
 * carries none.
 */
export type ToParent =
  | { t: 'ready' }
  | { t: 'started'; run: number }
  | { t: 'logs'; run: number; lines: string[] }
  | { t: 'journal'; run: number; chunk: RunJournal }
  /** `idle`: the run whose program ended its turn right after making these calls (RT-64). */
  | { t: 'calls'; calls: Call[]; idle?: number }
  /**
   * Calls the child answered from the run's `replay` (rule RT-71), by number: sent before any
   * later call and before the run's result.
   */
  | { t: 'served'; run: number; calls: number[] }
  /** A journaled run's program ended a turn, after the calls of that turn were sent (RT-64). */
  | { t: 'idle'; run: number }
  | { t: 'result'; run: number; result: CodeRunResult; retire?: true }

/**
 * The largest frame a parent reads from its child. A run's logs and result stay within the output
 * cap, and a call's arguments were built in an isolate of `memoryMb`, so honest frames stay
 * far below it; a bigger one is that child's crash, and the parent never buffers more.
 */
export function childFrameLimit(config: ResolvedIsolateRuntimeConfig): number {
  // why: JSON of a string can take up to 6 bytes per UTF-16 unit (\u escapes) and the heap limit
  // is only a guideline, hence the generous factor.
  return Math.min(MAX_BODY_BYTES, 4 * config.outputBytes + 8 * config.memoryMb * 1024 * 1024 + 65_536)
}

/** The largest frame a child reads from its parent (which is trusted): what a header can say. */
export const PARENT_FRAME_LIMIT = MAX_BODY_BYTES

/** Whether `value` looks like a message of this protocol (the channel is ours, but stay total). */
export function isMessage(value: unknown): value is { t: string } {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string'
}
