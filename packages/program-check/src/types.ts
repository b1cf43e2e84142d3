/** The classes of error the check blocks on: each one the run would hit anyway. */
export type CheckErrorClass = 'syntax' | 'unknown-member' | 'missing-argument' | 'unknown-property' | 'not-callable'

/** One proven error, positioned in the model's own program (1-based, as runtime errors are). */
export interface CheckError {
  readonly class: CheckErrorClass
  /** One line saying what is wrong, without the position. */
  readonly message: string
  readonly line: number
  readonly column: number
  /** The program line with a caret under the column. */
  readonly excerpt: string
  /** The nearest declared name, when there is one (`tools.read_file`, `path`). */
  readonly suggestion?: string
  /** The TypeScript diagnostic code the error was read from (0 for a V8 syntax error TypeScript did not report). */
  readonly tsCode: number
}

/**
 * The outcome of one check: `ok` (nothing proven wrong: run it), `blocked` (run nothing; `message`
 * lists every error) or `unchecked` (the checker crashed or ran out of time: run it, `reason` says why).
 */
export type CheckResult =
  | { readonly status: 'ok' }
  | { readonly status: 'blocked'; readonly errors: readonly CheckError[]; readonly message: string }
  | { readonly status: 'unchecked'; readonly reason: string }

/** A check plus the type of what the program returns, when TypeScript could infer a self-contained one. */
export type Inspection = CheckResult & { readonly output?: string }

/** Options of {@link createProgramChecker}. */
export interface ProgramCheckerOptions {
  /** How long one check may take, worker start included, before the program runs unchecked (default 5,000 ms). */
  readonly timeoutMs?: number
  /**
   * What a check does while the worker is still loading TypeScript: `wait` for it (default, within
   * `timeoutMs`) or `skip` (resolve `unchecked` at once, so no run waits for the first start).
   */
  readonly whileStarting?: 'wait' | 'skip'
}

/** A warm checker: a worker thread holding the TypeScript compiler, started on the first check. */
export interface ProgramChecker {
  /** Check `code` (an async function body, as run_code takes it) against `sdkText` (the tools:sdk text). */
  check(code: string, sdkText: string): Promise<CheckResult>
  /**
   * Check `code` and infer the type it returns (`output`, absent when it is `any` or names a type
   * declared only in the program or the SDK); waits for a starting worker whatever `whileStarting` says.
   */
  inspect(code: string, sdkText: string): Promise<Inspection>
  /** Start the worker now (it loads TypeScript in the background), so the first check finds it warm. */
  warm(): void
  /** Stop the worker; checks still pending resolve `unchecked`. Idempotent. */
  close(): Promise<void>
}
