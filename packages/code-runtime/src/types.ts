/** A value that survives a lossless JSON round trip (rule RT-9 in docs/runtime-contract.md). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/**
 * One host function a program can call; it receives the call's JSON argument and, when the run
 * records a journal, where the program made the call (rule RT-52).
 */
export type CodeBinding = (args: unknown, site?: CodeCallSite) => Promise<JsonValue>

/**
 * Where the program made one binding call (rule RT-52): its number among the run's binding calls
 * in the order the program made them (the key a replay uses), and its line:column in the model's
 * TypeScript when the call came from the program's own code.
 */
export interface CodeCallSite {
  call: number
  line?: number
  column?: number
}

/**
 * The nondeterministic values one run observed, each list in the order the program observed it
 * (rules RT-49 to RT-51). Handed back in a request, the guest serves them again in order, then
 * live values.
 */
export interface RunJournal {
  /** Clock readings, ms since the epoch: `Date.now()`, `new Date()` and `Date()` share this list. */
  clock: number[]
  /** Results of `Math.random()`. */
  random: number[]
  /** Timers whose callbacks ran, in the order they ran; a timer is its number (the run's n-th `setTimeout`). */
  timers: number[]
}

/** The error class a namespace's rejected calls throw inside the program. */
export interface CodeBindingErrorClass {
  /** Global class name inside the program, e.g. `ToolCallError`. */
  name: string
  /** Property of each instance that holds the called member's name, e.g. `tool`. */
  memberNameProperty: string
}

/** One global object of async functions inside the program (e.g. `tools`). */
export interface CodeBindingNamespace {
  global: string
  functions: Record<string, CodeBinding>
  errorClass?: CodeBindingErrorClass
  /**
   * Members whose calls may overlap: up to `limit` of them run at once, started in call order.
   * Every other call runs alone (the default: one call at a time, in call order).
   */
  concurrent?: CodeBindingConcurrency
  /**
   * Every member receives its positional arguments as one JSON array, trailing undefined ones
   * dropped, as a member named with a leading `$` does (rule RT-60); absent: one argument.
   */
  positional?: true
}

/** Which members of a namespace may run concurrently, and how many at once. */
export interface CodeBindingConcurrency {
  members: string[]
  /** At most this many concurrent calls at once (a whole number >= 1). */
  limit: number
}

/** What to run: the body of an async function, its bindings and an optional abort signal. */
export interface CodeRunRequest {
  program: string
  bindings: CodeBindingNamespace[]
  signal?: AbortSignal
  /**
   * Called with each event of the run while it is live, in order (rules RT-44 to RT-47 in
   * docs/runtime-contract.md); it must not block. Absent: nothing is observed and nothing costs.
   */
  onEvent?: (event: CodeRunEvent) => void
  /**
   * Called with each console line the run keeps, as it is recorded (rule RT-48): the `console`
   * events alone, for a host that names binding calls itself, so no binding is wrapped.
   */
  onConsole?: (line: string) => void
  /**
   * Record the run's nondeterministic values (rule RT-49): pass `{}` to record, or a journal a
   * run returned to replay it (its values are served in order while they last, then live ones).
   * Binding calls then carry their {@link CodeCallSite}. Absent: nothing is recorded or costs.
   */
  journal?: Partial<RunJournal>
  /**
   * With `journal`: called each time the program's turn ends while the run goes on, after every
   * binding call that turn made reached its binding (rule RT-64), so a host can end a run after a
   * call's turn without waiting on a clock. A backend that does not offer it never calls it.
   */
  onIdle?: () => void
  /**
   * With `journal`: outcomes the host already holds for calls of this run (rule RT-71). A call whose
   * number, namespace, member and argument match an entry gets that outcome without reaching its
   * binding, and `onServed` is told. A backend that does not offer it calls every binding as usual.
   */
  replay?: CodeReplay
}

/** Binding outcomes a run may serve itself, by call number; see {@link CodeRunRequest.replay}. */
export interface CodeReplay {
  calls: readonly CodeReplayCall[]
  /**
   * Called with the number of each call served from {@link calls}, before any later call of the
   * program reaches its binding and before the run's result; it must not block.
   */
  onServed: (call: number) => void
}

/** One call a replayed run may serve itself: where it stands in the run, what it sends and what it gets. */
export interface CodeReplayCall {
  /** The call's number (rule RT-52). */
  call: number
  global: string
  member: string
  /** The argument the call must send (compared as JSON text) for the outcome to be served. */
  args: JsonValue
  outcome: CodeCallOutcome
}

/**
 * What one binding call gives the program: a lossless JSON value (or undefined), or a failure's
 * message and, when the host error carried one, its `code` (rule RT-63).
 */
export type CodeCallOutcome = { ok: true; value?: JsonValue } | { ok: false; message: string; code?: string }

/** Something a live run did; see {@link CodeRunRequest.onEvent}. */
export type CodeRunEvent =
  | { type: 'run-started' }
  | {
      type: 'call-started'
      call: number
      global: string
      member: string
      /** Line:column of the call in the model's program, with a journal (rule RT-52). */
      line?: number
      column?: number
    }
  | {
      type: 'call-finished'
      call: number
      global: string
      member: string
      /** Host time of the call, ms. */
      ms: number
      ok: boolean
      /** UTF-8 bytes of the value's JSON, or of the rejection's message. */
      bytes: number
    }
  | { type: 'console'; line: string }
  | { type: 'run-finished'; outcome: 'ok' | CodeRunFailureKind; usage: CodeRunUsage }

/** The ways a run can fail; each is reported on its own. */
export type CodeRunFailureKind =
  | 'exception'
  | 'timeout'
  | 'abort'
  | 'memory'
  | 'crash'
  | 'invalid-output'
  | 'output-limit'

/** A failed run, as a value. */
export interface CodeRunFailure {
  kind: CodeRunFailureKind
  message: string
}

/**
 * What one run consumed, for metering and listeners (never shown to the model). Every backend
 * fills it on every result, failed ones included.
 */
export interface CodeRunUsage {
  /** CPU (execution) time of the program, ms, including code that ran after awaits. */
  cpuMs: number
  /** Wall-clock time from the start of the run (on its isolate or process) to its settlement, ms. */
  wallMs: number
  /** Binding calls dispatched to the host (refused arguments and calls after settlement do not count). */
  bindingCalls: number
  /** Host time spent inside those binding calls, ms (summed; calls are serialized). */
  bindingMs: number
  /** UTF-8 bytes of the JSON of the logs plus the value (or failure message): what the output cap counts. */
  outputBytes: number
}

/** The outcome of a run; failures are values, never rejections of run(). */
export interface CodeRunResult {
  value?: JsonValue
  logs: string[]
  error?: CodeRunFailure
  /** What the run consumed; see {@link CodeRunUsage}. */
  usage: CodeRunUsage
  /** With a journal in the request only, on every result: what this run observed (rule RT-49). */
  journal?: RunJournal
}

/** How strongly a backend separates programs from the host (`process`: an isolate in a child process). */
export type CodeRuntimeIsolation = 'process' | 'isolate' | 'worker-thread' | (string & {})

/** The language programs are written in; Code Mode requires 'typescript'. */
export type CodeRuntimeLanguage = 'typescript' | (string & {})
