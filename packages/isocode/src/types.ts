import type { PendingCall, RunDecision, RunError, RunInfo, RunOutcome, RunsApi } from '@isocode/registry/durable-types'
import type { ProgramRecord } from '@isocode/run-store'
/** A JSON value: what tools take and return and what a program may return. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** What `cm.programs.save` saves: the program of a recorded run, or a program text. */
export type ProgramSource = { runId: string; code?: undefined } | { code: string; runId?: undefined }

// why: declared here (on the run store's record), not re-exported from @isocode/registry: the
// facade's public .d.ts must not reach the registry's root, whose types import Cordis (a NodeNext
// consumer could not compile them).
/** A saved program as `cm.programs.list()` and `get()` show it: the store's record and what the library adds. */
export interface SavedProgram extends ProgramRecord {
  /** The TypeScript type it returns (`unknown` when the checker could not infer one). */
  output: string
  /** Present when it cannot run: calling it fails naming the tool. */
  stale?: { tool: string; reason: 'changed' | 'gone'; message: string }
}

/** What `cm.programs.save` takes besides the name and the code. */
export interface SaveProgramOptions {
  /** One line for the model: what the program does (its JSDoc in the SDK). */
  description: string
  /** JSON Schema (draft 2020-12) of the program's `input`. */
  input?: JsonValue
}

/**
 * Saved programs (rules ): each is `programs.<name>(input)` in the SDK the model
 * sees (`cm.sdk` and run_code's description follow at once) and callable from any program.
 */
export interface CodeModePrograms {
  /**
   * Save `source` as `programs.<name>`; saving a name again replaces it with the next version.
   * Throws IsocodeError `INVALID_PROGRAM` naming the field (name, code, description, input) and saves nothing.
   */
  save(name: string, source: ProgramSource, options: SaveProgramOptions): Promise<SavedProgram>
  /** Every saved program by name; a stale one (a tool it calls changed or is gone) carries `stale`. */
  list(): Promise<SavedProgram[]>
  get(name: string): Promise<SavedProgram | undefined>
  /** Whether it was there. */
  delete(name: string): Promise<boolean>
}

// why: one declaration of a run's outcome and of the runs API, the registry's, which `ctx.tools.runs`
// uses too; served by a registry entry that reaches no Cordis type (a NodeNext consumer compiles it).
/** Why a run failed: the runtime's failure kind (or `refused`), and the program position where known. */
export type CodeModeError = RunError

/**
 * What a run produced; `text` is what the model should read (the text run_code gives today). `ok`
 * (true iff completed) and `status` discriminate: `if (!r.ok) r.error.kind` type-checks, a
 * successful result has no `error`, and a paused one lists its `pending` calls (rule R-110).
 */
export type CodeModeResult = RunOutcome

/** Decide, resume and inspect recorded runs (rules ). */
export type CodeModeRuns = RunsApi

export type { PendingCall, RunDecision, RunInfo }

/** The arguments of `run_code`: the program, and an optional note of what it does. */
export interface RunCodeArgs {
  code: string
  description?: string
}

/** Something a live run did, delivered while it runs and in order (rules ). */
export type CodeModeEvent =
  | { type: 'run-started' }
  | { type: 'call-started'; call: number; tool: string } // call: 1, 2, … in dispatch order
  | { type: 'call-finished'; call: number; tool: string; ms: number; ok: boolean; bytes: number; code?: string }
  | { type: 'console'; line: string }
  | { type: 'run-finished'; outcome: string; calls: number } // outcome: 'ok' or the failure kind

/** Options of one run: abort it, and watch it (the listener must not block; what it throws is ignored). */
export interface RunOptions {
  signal?: AbortSignal
  onEvent?: (event: CodeModeEvent) => void
  /** The state scope the program's `state` reads and writes (rule R-121); default `default`. */
  scope?: string
}

/** Options of {@link CodeMode.stream}: at most `bufferSize` (default 256) unread events are kept. */
export interface StreamOptions {
  signal?: AbortSignal
  bufferSize?: number
  /** The state scope of the run, as {@link RunOptions.scope}. */
  scope?: string
}

/** What {@link CodeMode.stream} yields: the events, then the result with the events dropped unread. */
export type CodeModeStreamItem = CodeModeEvent | { type: 'result'; result: CodeModeResult; dropped: number }

/** The one tool to hand a model: name `run_code`, JSON Schema input, structured result. */
export interface CodeModeTool {
  readonly name: 'run_code'
  readonly description: string // includes the tools:sdk text, so the tool alone is enough
  readonly inputSchema: {
    type: 'object'
    properties: Record<string, unknown>
    required: string[]
    additionalProperties: false
  }
  execute(args: RunCodeArgs, options?: RunOptions): Promise<CodeModeResult>
}

export interface CodeMode extends AsyncDisposable {
  readonly sdk: string // the tools:sdk text (full or compact)
  readonly tool: CodeModeTool
  run(code: string, options?: RunOptions): Promise<CodeModeResult>
  /**
   * Run `code` and yield its events as they happen, then `{ type: 'result' }`. A slow reader never
   * slows the run: past `bufferSize` unread events new ones are dropped and counted in the result
   * item. Leaving the loop early aborts the run.
   */
  stream(code: string, options?: StreamOptions): AsyncIterableIterator<CodeModeStreamItem>
  close(): Promise<void> // idempotent; run() after close() rejects with a clear error
  /** Recorded runs: approve, reject, resume, inspect, cancel, roll back. */
  readonly runs: CodeModeRuns
  /** Saved programs: save, list, get, delete (rules ). */
  readonly programs: CodeModePrograms
}
