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

/**
 * Run `work`; a refusal of one of `kinds` (a library's own error: a bad name, an unknown run) is the
 * user's to fix, so it becomes a one-line CliError INPUT (exit 1). Anything else goes on as it is.
 */
export async function asInputError<T>(
  work: () => Promise<T>,
  kinds: ReadonlyArray<abstract new (...args: never[]) => Error>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (kinds.some((kind) => error instanceof kind)) throw new CliError((error as Error).message, 'INPUT')
    throw error
  }
}
