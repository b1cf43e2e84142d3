/** Stable codes of {@link IsocodeError}. */
export const IsocodeErrorCode = {
  /** An option createCodeMode does not know, or a value of the wrong shape. */
  INVALID_OPTION: 'INVALID_OPTION',
  /** A tool whose definition cannot be used (schema, execute, description). */
  INVALID_TOOL: 'INVALID_TOOL',
  /** Two tools (from `tools` or MCP servers) with one name. */
  DUPLICATE_TOOL: 'DUPLICATE_TOOL',
  /** An MCP server or the runtime could not start. */
  STARTUP: 'STARTUP',
  /** run() or tool.execute() after close(). */
  CLOSED: 'CLOSED',
  /** tool.execute() got arguments that are not `{ code: string, description?: string }`. */
  INVALID_ARGS: 'INVALID_ARGS',
  /** A provider adapter's handler got a tool call for another tool than `run_code`. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** `cm.runs` was given a runId the store does not have. */
  RUN_NOT_FOUND: 'RUN_NOT_FOUND',
  /** A decision (approve, reject) or resume of a run that is not paused: completed, cancelled, resumed elsewhere. */
  RUN_NOT_PAUSED: 'RUN_NOT_PAUSED',
  /** Decisions that are malformed, do not decide every pending call once, or edit args the tool's schema refuses. */
  INVALID_DECISIONS: 'INVALID_DECISIONS',
  /** A resume refused before anything ran: a tool the run called changed its schema or is gone. */
  TOOL_CHANGED: 'TOOL_CHANGED',
  /** The run store refused a write (a value over its cap, a lost claim). */
  STORE: 'STORE',
  /** A program to save was refused (`programs.save`): its name, code, description or input schema, named in the message. */
  INVALID_PROGRAM: 'INVALID_PROGRAM',
} as const

export type IsocodeErrorCode = (typeof IsocodeErrorCode)[keyof typeof IsocodeErrorCode]

/** The one error class of the `isocode` facade: misuse, with a message naming the field and the fix. */
export class IsocodeError extends Error {
  override name = 'IsocodeError'
  constructor(
    message: string,
    readonly code: IsocodeErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
