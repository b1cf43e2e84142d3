/** Codes of {@link CodeRuntimeError}: misuse of the runtime API, never a program failure. */
export const CodeRuntimeErrorCode = {
  INVALID_BINDINGS: 'INVALID_BINDINGS',
  INVALID_REQUEST: 'INVALID_REQUEST',
  DISPOSED: 'DISPOSED',
  INVALID_CONFIG: 'INVALID_CONFIG',
  /** The backend could not start (e.g. a runtime process died while booting). */
  START_FAILED: 'START_FAILED',
} as const

export type CodeRuntimeErrorCode = (typeof CodeRuntimeErrorCode)[keyof typeof CodeRuntimeErrorCode]

/** The one error class of the code-runtime packages; thrown (or rejected) only on API misuse. */
export class CodeRuntimeError extends Error {
  override readonly name = 'CodeRuntimeError'
  constructor(
    readonly code: CodeRuntimeErrorCode,
    message: string,
  ) {
    super(message)
  }
}
