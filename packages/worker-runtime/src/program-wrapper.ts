import { stripProgram } from '@isocode/isolate-runtime'

/** Text put before the program on its first line, so top-level await/return parse and lines stay aligned. */
export const PROGRAM_PREFIX = '(async () => {'
/** Text put after the program. */
export const PROGRAM_SUFFIX = '\n})()'

/** A program ready to evaluate in a worker, or why its TypeScript cannot be erased. */
export type WrappedProgram = { ok: true; code: string } | { ok: false; message: string }

/**
 * Erase the program's types with isolate-runtime's `stripProgram` (ts-blank-space, positions
 * kept, non-erasable syntax refused with its line:col and a fix), then wrap it as the body of an
 * async arrow on the same line, so the worker's line N is the model's line N.
 */
export function wrapProgram(program: string): WrappedProgram {
  const stripped = stripProgram(program)
  if (!stripped.ok) return stripped
  return { ok: true, code: `${PROGRAM_PREFIX}${stripped.code}${PROGRAM_SUFFIX}` }
}
