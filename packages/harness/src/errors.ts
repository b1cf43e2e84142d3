/** Base class of every structured failure in the harness and registry; `code` is a stable string. */
export class HarnessError extends Error {
  override name = 'HarnessError'
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}
