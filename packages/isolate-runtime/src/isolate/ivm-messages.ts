// why: isolated-vm reports its own events (its `timeout`, a heap-limit disposal, a compile error's
// position) only as message text. The strings live here, next to the other isolated-vm calls,
// so a move to another isolated-vm line changes one file; the rest of the runtime asks these
// functions and never matches isolated-vm's wording itself.
import { PROGRAM_FILE_PATTERN } from '../guest/program-file.ts'

// why: isolated-vm appends ` [<filename>:<line>:<col>]` to the message of a compile error.
const COMPILE_ERROR = new RegExp(`^(.*) \\[${PROGRAM_FILE_PATTERN}:(\\d+):(\\d+)\\]$`, 's')

/** A compile error's message split into its text and the model's line and column, or undefined. */
export function compileErrorPosition(message: string): { text: string; line: string; column: string } | undefined {
  const match = COMPILE_ERROR.exec(message)
  return match ? { text: match[1] ?? '', line: match[2] ?? '', column: match[3] ?? '' } : undefined
}

/** Whether an error is isolated-vm's report of a SyntaxError in the program's source. */
export function isCompileError(error: unknown): boolean {
  return error instanceof Error && error.name === 'SyntaxError' && COMPILE_ERROR.test(error.message)
}

/** isolated-vm's message when its own `timeout` option stopped an eval. */
export const TIMEOUT_MESSAGE = 'Script execution timed out.'

/** Whether a rejected task's message is isolated-vm's `timeout` report. */
export function isTimeoutMessage(message: string): boolean {
  return message === TIMEOUT_MESSAGE
}

/** Whether a disposal message is isolated-vm's heap-limit report ("... due to memory limit"). */
export function isMemoryLimitMessage(message: string): boolean {
  return /memory limit/i.test(message)
}
