/** Codes of {@link ProgramCheckError}: misuse of the checker's API (a check's outcome is never thrown). */
export const ProgramCheckErrorCode = {
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
} as const

export type ProgramCheckErrorCode = keyof typeof ProgramCheckErrorCode

/** Thrown for a bad option or argument, with a message naming the field and the fix. */
export class ProgramCheckError extends Error {
  override readonly name = 'ProgramCheckError'

  constructor(
    readonly code: ProgramCheckErrorCode,
    message: string,
  ) {
    super(message)
  }
}
