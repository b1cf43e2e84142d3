// The text of a blocked program: every proven error with its position and excerpt, in the
// `(at line:col)` form of runtime errors, so the registry finds the first position the same way.
import type { CheckError } from './types.ts'

/** The failure message for `errors` (at least one). */
export function blockedMessage(errors: readonly CheckError[]): string {
  const count = errors.length === 1 ? '1 error' : `${errors.length} errors`
  const parts = errors.map((error) => {
    const hint = error.suggestion === undefined ? '' : `; did you mean ${error.suggestion}?`
    const head = `${error.message}${hint} (at ${error.line}:${error.column})`
    return error.excerpt === '' ? head : `${head}\n${error.excerpt}`
  })
  return `the program was not run: the check before the run found ${count} it would hit\n${parts.join('\n')}`
}
