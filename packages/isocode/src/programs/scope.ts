// The state scope a run names: checked at the facade's door, kept with a recorded run.
import { IsocodeError } from '../errors.ts'

/** Longest scope name: a session id or a user id fits, a document does not. */
const MAX_SCOPE_CHARS = 256

/** The `scope` of a run's options, checked; undefined when none was given (the `default` scope). */
export function scopeOption(what: string, options: { scope?: unknown } | undefined): string | undefined {
  const scope = options?.scope
  if (scope === undefined) return undefined
  if (typeof scope !== 'string' || scope === '' || scope.length > MAX_SCOPE_CHARS)
    throw new IsocodeError(
      `${what}: options.scope must be a non-empty string of at most ${MAX_SCOPE_CHARS} characters (a user or session id), got ${JSON.stringify(scope) ?? typeof scope}`,
      'INVALID_ARGS',
    )
  return scope
}
