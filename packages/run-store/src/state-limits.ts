import { requireText } from './checks.ts'
import { RunStoreError } from './errors.ts'
import { byteSize, formatBytes, toJsonText } from './json.ts'
import type { ResolvedOptions } from './options.ts'

/** The state area's caps (a value, a scope's bytes, a scope's keys), shared by every backend. */
export class StateLimits {
  constructor(private readonly o: ResolvedOptions) {}

  /** JSON text and size of a value to keep; throws naming the key when it is not JSON or too big. */
  value(scope: string, key: string, value: unknown): { text: string; bytes: number } {
    requireText(scope, 'scope')
    requireText(key, 'key')
    if (value === undefined) throw new RunStoreError('NOT_JSON', `state value of "${key}" must be JSON: $ is undefined`)
    const text = toJsonText(value, `state value of "${key}"`)
    const bytes = byteSize(text) + byteSize(key)
    if (byteSize(text) > this.o.maxStateValueBytes) {
      throw new RunStoreError(
        'VALUE_TOO_LARGE',
        `state value of "${key}" is ${formatBytes(byteSize(text))}, over the cap of ${formatBytes(this.o.maxStateValueBytes)} a value (maxStateValueBytes)`,
      )
    }
    return { text, bytes }
  }

  /** Throws `STATE_SCOPE_FULL` when replacing `oldBytes` (absent: a new key) with `bytes` breaks a cap. */
  fits(
    scope: string,
    key: string,
    now: { bytes: number; keys: number },
    oldBytes: number | undefined,
    bytes: number,
  ): void {
    if (oldBytes === undefined && now.keys + 1 > this.o.maxStateKeys) {
      throw new RunStoreError(
        'STATE_SCOPE_FULL',
        `state scope "${scope}" has ${now.keys} keys, the cap (maxStateKeys); "${key}" was not written`,
      )
    }
    const after = now.bytes - (oldBytes ?? 0) + bytes
    if (after > this.o.maxStateScopeBytes) {
      throw new RunStoreError(
        'STATE_SCOPE_FULL',
        `state scope "${scope}" would hold ${formatBytes(after)}, over the cap of ${formatBytes(this.o.maxStateScopeBytes)} a scope (maxStateScopeBytes); "${key}" was not written`,
      )
    }
  }
}
