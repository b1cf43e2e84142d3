import type { CodeRunFailure } from '@isocode/code-runtime'

/** How a runtime child ended: its exit code or signal, and the tail of its stderr. */
export interface ChildExit {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

// why: V8 prints these when a heap allocation fails for good (isolated-vm #457/#527 abort the
// process here instead of ending the isolate); anything else is reported as a crash.
const HEAP_OOM =
  /is_heap_oom = 1|CALL_AND_RETRY_LAST|JavaScript heap out of memory|Reached heap limit|Fatal process out of memory/

/** Describe an exit in a few words: `signal SIGABRT` or `exit code 1`. */
export function describeExit(exit: ChildExit): string {
  return exit.signal === null ? `exit code ${String(exit.code)}` : `signal ${exit.signal}`
}

// why: Node prints the throwing source line and a caret before the error itself.
const ERROR_LINE = /^(?:(?:[A-Z]\w*)?Error\b|#\s*Fatal|Fatal|FATAL)/

/** The error line of a stderr report (else its first meaningful line), bounded, for messages. */
export function firstLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text !== '' && !text.startsWith('<---') && !text.startsWith('['))
  const line = lines.find((text) => ERROR_LINE.test(text)) ?? lines[0]
  return line === undefined ? undefined : line.slice(0, 200)
}

/** The failure a run gets when its process died under it: `memory` for a V8 heap abort, else `crash`. */
export function failureOfExit(exit: ChildExit, memoryMb: number): CodeRunFailure {
  if (HEAP_OOM.test(exit.stderr)) {
    return {
      kind: 'memory',
      message: `the program exceeded the memory limit of ${memoryMb} MB (memoryMb): V8 aborted its runtime process (${describeExit(exit)}); a new process replaces it`,
    }
  }
  const detail = firstLine(exit.stderr)
  return {
    kind: 'crash',
    message: `the runtime process died (${describeExit(exit)})${detail === undefined ? '' : `: ${detail}`}; a new process replaces it`,
  }
}

/**
 * The failure a run gets when its process died before it acknowledged starting the program:
 * none of the program ran, so this is never `memory` (RT-42).
 */
export function failureBeforeStart(exit: ChildExit): CodeRunFailure {
  const detail = firstLine(exit.stderr)
  return {
    kind: 'crash',
    message: `the runtime process died before the program started (${describeExit(exit)})${detail === undefined ? '' : `: ${detail}`}; a new process replaces it`,
  }
}
