import { RunStoreError } from './errors.ts'
import type { JsonValue } from './types.ts'

/**
 * JSON text of a value that must be lossless JSON (plain objects, arrays, strings, finite numbers,
 * booleans, null); anything else throws `NOT_JSON` naming `field` and the path inside it.
 */
export function toJsonText(value: unknown, field: string): string {
  check(value, field, [], new Set())
  return JSON.stringify(value)
}

// why: the path inside the value is kept as its keys and spelled out only for a refusal: a value
// checked on every recorded call builds no string for each of its members.
function check(value: unknown, field: string, path: (string | number)[], seen: Set<object>): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return
    throw notJson(field, path, String(value))
  }
  if (typeof value !== 'object') throw notJson(field, path, typeof value)
  if (seen.has(value)) throw notJson(field, path, 'a cycle')
  seen.add(value)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i)
      if (!(i in value)) throw notJson(field, path, 'a hole')
      check(value[i], field, path, seen)
      path.pop()
    }
  } else {
    const proto = Object.getPrototypeOf(value) as unknown
    if (proto !== Object.prototype && proto !== null) throw notJson(field, path, 'a non-plain object')
    for (const key of Object.keys(value)) {
      path.push(key)
      check((value as Record<string, unknown>)[key], field, path, seen)
      path.pop()
    }
  }
  seen.delete(value)
}

function notJson(field: string, path: readonly (string | number)[], what: string): RunStoreError {
  const at = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')
  return new RunStoreError('NOT_JSON', `${field} must be JSON: $${at} is ${what}`)
}

/** UTF-8 size of JSON text. */
export const byteSize = (text: string): number => Buffer.byteLength(text, 'utf8')

/**
 * Whether JSON text is over `cap` bytes of UTF-8; measured only when its length leaves it in
 * doubt (a UTF-16 unit is at most 3 bytes), so a small value costs no count.
 */
export const overCap = (text: string, cap: number): boolean => text.length * 3 > cap && byteSize(text) > cap

/** Throws `VALUE_TOO_LARGE` when JSON text is over `cap` bytes; `what` names the value (and its tool). */
export function capRecord(text: string, cap: number, what: string): void {
  if (!overCap(text, cap)) return
  throw new RunStoreError(
    'VALUE_TOO_LARGE',
    `${what} is ${formatBytes(byteSize(text))}, over the run store's cap of ${formatBytes(cap)} a recorded value (maxRecordBytes)`,
  )
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(2)} MiB`
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(2)} KiB`
  return `${bytes} B`
}

/** Parses JSON text the store wrote. */
export const fromJsonText = (text: string): JsonValue => JSON.parse(text) as JsonValue
