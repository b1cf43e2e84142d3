import { isPlainObject } from '@isocode/code-runtime'
import type { JsonValue } from '@isocode/run-store'

const IDENT = /^[A-Za-z_$][\w$]*$/

/** The first place two JSON values differ, as `args.path[0]` with both values (undefined: absent). */
export function firstDifference(
  was: JsonValue | undefined,
  now: JsonValue | undefined,
  path = 'args',
): { path: string; was: JsonValue | undefined; now: JsonValue | undefined } | undefined {
  if (Array.isArray(was) && Array.isArray(now)) {
    for (let i = 0; i < Math.max(was.length, now.length); i++) {
      const found = firstDifference(was[i], now[i], `${path}[${i}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (isPlainObject(was) && isPlainObject(now)) {
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])]
    for (const key of keys) {
      const next = IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
      const found = firstDifference(was[key], now[key], next)
      if (found !== undefined) return found
    }
    return undefined
  }
  return Object.is(was, now) || was === now ? undefined : { path, was, now }
}
