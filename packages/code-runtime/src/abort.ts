/**
 * Call `fn` once when `signal` aborts and return the disposer that removes the listener (a no-op
 * without a signal), so every abort listener is added and removed the same way.
 */
export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (signal === undefined) return noop
  // why: a fresh listener per call, so two registrations of one `fn` never collapse into one.
  const listener = (): void => fn()
  signal.addEventListener('abort', listener, { once: true })
  return () => signal.removeEventListener('abort', listener)
}

function noop(): void {}
