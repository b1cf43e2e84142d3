/** Stable codes of CLI failures. */
export const CliErrorCode = {
  /** Unknown command or flag, missing or malformed value. */
  USAGE: 'USAGE',
  /** A file the command needs (program, tools module) could not be read or loaded. */
  INPUT: 'INPUT',
  /** An MCP server or the runtime could not be started. */
  STARTUP: 'STARTUP',
} as const

export type CliErrorCode = (typeof CliErrorCode)[keyof typeof CliErrorCode]

/** A failure the CLI reports as one message (naming the fix) and exit code 1. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    message: string,
    readonly code: CliErrorCode,
  ) {
    super(message)
  }
}
