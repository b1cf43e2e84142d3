/** A value that survives a lossless JSON round trip (see clarifications §2). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** One host function a program can call; it receives the call's JSON argument. */
export type CodeBinding = (args: unknown) => Promise<JsonValue>

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
}

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

/** The outcome of a run; failures are values, never rejections of run(). */
export interface CodeRunResult {
  value?: JsonValue
  logs: string[]
  error?: CodeRunFailure
}

/** How strongly a backend separates programs from the host (`process`: an isolate in a child process). */
export type CodeRuntimeIsolation = 'process' | 'isolate' | 'worker-thread' | (string & {})

/** The language programs are written in; Code Mode requires 'typescript'. */
export type CodeRuntimeLanguage = 'typescript' | (string & {})
