import { PROGRAM_POSITION } from '../guest/program-file.ts'
import { compileErrorPosition, isMemoryLimitMessage, isTimeoutMessage } from '../isolate/ivm-messages.ts'

/** What a failed isolate task means for the run. */
export type TaskOutcome =
  | { kind: 'memory'; message: string }
  | { kind: 'cpu'; message: string }
  | { kind: 'crash'; message: string }
  | { kind: 'rejection'; message: string }

/** A host-side error's message only (never its stack): what a binding failure shows the program. */
export function describeHostError(error: unknown): string {
  try {
    if (error instanceof Error) return error.message
    return typeof error === 'string' ? error : String(error)
  } catch {
    return 'unprintable error'
  }
}

/** A V8 SyntaxError from compiling the program, with the model's line:col. */
export function describeSyntaxError(error: unknown): string {
  const message = describeHostError(error)
  const at = compileErrorPosition(message)
  const name = error instanceof Error ? error.name : 'SyntaxError'
  return at ? `${name}: ${at.text} (at ${at.line}:${at.column})` : `${name}: ${message}`
}

/**
 * Classify a rejected isolate task. isolated-vm reports heap exhaustion, its own `timeout` and
 * disposal as host errors; anything else is a guest value: an unhandled promise rejection.
 */
export function describeTaskError(error: unknown, isolateDisposed: boolean): TaskOutcome {
  const message = describeHostError(error)
  if (isolateDisposed && isMemoryLimitMessage(message)) return { kind: 'memory', message }
  if (isTimeoutMessage(message)) return { kind: 'cpu', message }
  if (isolateDisposed) return { kind: 'crash', message: `the isolate died: ${message}` }
  return { kind: 'rejection', message: `Unhandled promise rejection: ${describeGuestValue(error)}` }
}

function describeGuestValue(error: unknown): string {
  try {
    if (error instanceof Error) {
      const where = PROGRAM_POSITION.exec(String(error.stack))
      const head = `${error.name}: ${error.message}`
      return where ? `${head} (at ${where[1]}:${where[2]})` : head
    }
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))
  } catch {
    return 'unprintable value'
  }
}

/** The message of a `memory` failure: the limit and, when known, where the program was (` (at L:C)`). */
export function memoryMessage(memoryMb: number, site = ''): string {
  return `the program exceeded the memory limit of ${memoryMb} MB (memoryMb)${site}`
}

// why: isolated-vm's array buffer allocator refuses what would pass the isolate's memory limit,
// and V8 reports that as this RangeError (a `new Uint8Array(1e9)`) rather than as heap exhaustion.
const ALLOCATION_FAILED =
  /^(?:Unhandled promise rejection: )?RangeError: Array buffer allocation failed( \(at \d+:\d+\))?$/

/**
 * The `memory` message for a program's uncaught failure `text` that is an array buffer the memory
 * limit refused (rule RT-25), keeping its position; undefined for any other failure.
 */
export function allocationFailure(text: string | undefined, memoryMb: number): string | undefined {
  const match = text === undefined ? null : ALLOCATION_FAILED.exec(text)
  if (match === null) return undefined
  return memoryMessage(memoryMb, `: an array buffer could not be allocated${match[1] ?? ''}`)
}
