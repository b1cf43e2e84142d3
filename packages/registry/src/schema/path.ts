const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** One path step in JS accessor form: `.name`, `["odd key"]` or `[3]`. */
export function segment(key: string | number): string {
  if (typeof key === 'number') return `[${key}]`
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

/** A short, never-throwing name of what a value is, for "(got …)" in violation messages. */
export function kindOf(value: unknown): string {
  try {
    if (value === null) return 'null'
    if (Array.isArray(value)) return 'array'
    switch (typeof value) {
      case 'string':
        return 'string'
      case 'number':
        return Number.isFinite(value) ? 'number' : String(value)
      case 'object':
        return 'object'
      default:
        return typeof value
    }
  } catch {
    // why: Array.isArray throws on a revoked proxy.
    return 'unreadable value'
  }
}

/** A compact JSON rendering of a scalar for messages (strings quoted, long ones cut). */
export function showScalar(value: string | number | boolean | null): string {
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** The message of whatever was thrown, without ever throwing itself. */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}

/** True for a non-array object whose prototype is Object.prototype or null. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** Define an own enumerable data property, so a key named `__proto__` stays data. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
}
