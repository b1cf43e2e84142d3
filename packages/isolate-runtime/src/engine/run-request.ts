import {
  checkJournal,
  checkReplay,
  CodeRuntimeError,
  CodeRuntimeErrorCode,
  consoleTap,
  validateBindings,
  withUsage,
} from '@isocode/code-runtime'
import type {
  CheckedReplay,
  CodeBinding,
  CodeBindingNamespace,
  CodeReplayCall,
  CodeRunRequest,
  CodeRunResult,
  RunJournal,
} from '@isocode/code-runtime'
import type { NamespaceShape } from './binding-call.ts'
import { emptyJournal } from './run-journal.ts'
import type { StripResult } from './strip-program.ts'

/** A run request as the isolate backends take it: the seam's request plus an optional live log tap. */
export interface IsolateRunRequest extends CodeRunRequest {
  /**
   * Called with each log line as the program writes it (only lines kept under the output cap).
   * `now` is true when the program runs on the calling thread (the supervised child's code after
   * an await): nothing else runs until it awaits again, so a tap that defers work should do it now.
   */
  onLog?: (line: string, now?: boolean) => void
  /** Called with each part of the journal as the guest reports it (the supervised child streams it to its parent). */
  onJournal?: (chunk: RunJournal) => void
}

/** The result of a run that was aborted before it could start. */
export function aborted(message = 'the run was aborted before it started'): CodeRunResult {
  return withUsage({ logs: [], error: { kind: 'abort', message } })
}

function invalid(message: string): never {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_REQUEST, message)
}

/** Throw `INVALID_REQUEST` naming the field and the fix when `request` is not a run request. */
function checkRequest(request: IsolateRunRequest): void {
  if (typeof request !== 'object' || request === null)
    invalid('run() takes a request object { program, bindings, signal? }')
  if (typeof request.program !== 'string') invalid('request.program must be a string of TypeScript')
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal))
    invalid('request.signal must be an AbortSignal')
  if (request.onLog !== undefined && typeof request.onLog !== 'function')
    invalid('request.onLog must be a function (line: string) => void')
  if (request.onConsole !== undefined && typeof request.onConsole !== 'function')
    invalid('request.onConsole must be a function (line: string) => void')
  if (request.onIdle !== undefined && typeof request.onIdle !== 'function')
    invalid('request.onIdle must be a function () => void')
}

/**
 * A run request checked and split once, at the runtime's entry: everything the rest of the run
 * reads, so nothing after the entry looks at the request again.
 */
export interface RunOrder {
  /** The program as JavaScript (TypeScript stripped, positions kept). */
  readonly code: string
  readonly bindings: readonly CodeBindingNamespace[]
  /** Each namespace's members by name and its shape (names only), read once from the bindings. */
  readonly members: readonly Map<string, CodeBinding>[]
  readonly shapes: readonly NamespaceShape[]
  readonly signal: AbortSignal | undefined
  /** The live line tap: the request's listeners and `onLog` (see {@link lineTap}); undefined when it has none. */
  readonly tap: ((line: string, now: boolean) => void) | undefined
  /** The checked journal (rule RT-49), only when the request has one, and where its parts go. */
  readonly journal: RunJournal | undefined
  readonly onJournal: ((chunk: RunJournal) => void) | undefined
  /** Called at the end of each program turn while the run goes on (rule RT-64); only for a journaled run. */
  readonly onIdle: (() => void) | undefined
  /** The outcomes the run may serve itself (rule RT-71), checked, and the request's entries (what a supervised child is sent). */
  readonly replay: { readonly checked: CheckedReplay; readonly calls: readonly CodeReplayCall[] } | undefined
}

/** What {@link openRun} gives: the order to run, or a result that is already settled. */
export type Opened = { order: RunOrder; result?: undefined } | { order?: undefined; result: CodeRunResult }

/**
 * The checks both backends make before a run, in one order: the runtime is usable (`assertUsable`
 * throws `DISPOSED` otherwise), the request's shape, its bindings, a signal aborted already, and
 * the strip. Misuse throws; a pre-aborted run or a strip error is a settled result.
 */
export function openRun(
  request: IsolateRunRequest,
  assertUsable: () => void,
  strip: (source: string) => StripResult,
): Opened {
  assertUsable()
  checkRequest(request)
  validateBindings(request.bindings)
  const journal = request.journal === undefined ? undefined : checkJournal(request.journal)
  const replay =
    request.replay === undefined
      ? undefined
      : { checked: checkReplay(request.replay, journal !== undefined), calls: request.replay.calls }
  const early = (result: CodeRunResult): Opened => ({
    result: journal === undefined ? result : { ...result, journal: emptyJournal() },
  })
  if (request.signal?.aborted) return early(aborted())
  const stripped = strip(request.program)
  if (!stripped.ok) return early(withUsage({ logs: [], error: { kind: 'exception', message: stripped.message } }))
  const tap = lineTap(request)
  // why: last, once every check passed: the functions and their shapes are read here, once.
  const members = memberTables(request.bindings)
  const order: RunOrder = {
    code: stripped.code,
    signal: request.signal,
    tap,
    journal,
    onJournal: request.onJournal,
    // why: RT-64 — only a journaled run reports the ends of its turns.
    onIdle: journal === undefined ? undefined : request.onIdle,
    replay,
    bindings: request.bindings,
    members,
    shapes: namespaceShapes(request.bindings, members),
  }
  return { order }
}

/**
 * The live line tap of a run: each kept console line goes to the request's listeners (`consoleTap`,
 * rules RT-45 and RT-48) and to `onLog`; undefined when the request has none, so a run without a
 * listener pays nothing.
 */
function lineTap(request: IsolateRunRequest): ((line: string, now: boolean) => void) | undefined {
  const listeners = consoleTap(request)
  const { onLog } = request
  if (listeners === undefined || onLog === undefined) return listeners ?? onLog
  return (line, now) => {
    listeners(line)
    onLog(line, now)
  }
}

/** Each namespace's members by name, read once from the request (later mutation is not seen). */
function memberTables(namespaces: readonly CodeBindingNamespace[]): Map<string, CodeBinding>[] {
  return namespaces.map(
    (ns) => new Map(Object.keys(ns.functions).map((name) => [name, ns.functions[name] as CodeBinding])),
  )
}

/**
 * Each namespace as plain data without its functions (members from `members`, read once): what
 * the supervised parent sends its child and what the guest prelude installs.
 */
function namespaceShapes(
  namespaces: readonly CodeBindingNamespace[],
  members: readonly Map<string, CodeBinding>[],
): NamespaceShape[] {
  return namespaces.map((ns, i) => ({
    global: ns.global,
    members: [...(members[i] as Map<string, CodeBinding>).keys()],
    ...(ns.errorClass === undefined
      ? {}
      : { errorClass: { name: ns.errorClass.name, memberNameProperty: ns.errorClass.memberNameProperty } }),
    ...(ns.positional === true ? { positional: true as const } : {}),
  }))
}
