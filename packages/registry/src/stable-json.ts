import { toLosslessJson } from '@isocode/code-runtime'
import type { JsonValue } from './types.ts'

/** A stable detached copy, or why there is none: not JSON at all, or JSON that changed between reads. */
export type StableJsonResult = { ok: true; value: JsonValue } | { ok: false; unstable: boolean; reason: string }

interface Pair {
  first: JsonValue
  second: JsonValue
  parent: Pair | undefined
  key: string | number
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

function pathOf(pair: Pair): string {
  const parts: string[] = []
  for (let p: Pair | undefined = pair; p?.parent !== undefined; p = p.parent) {
    const key = p.key
    parts.push(typeof key === 'number' ? `[${key}]` : IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)
  }
  return `$${parts.toReversed().join('')}`
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function shown(value: unknown): string {
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** The first place two detached JSON values differ, as `path: what`, or `undefined` when equal. Iterative. */
function firstDifference(first: JsonValue, second: JsonValue): string | undefined {
  const stack: Pair[] = [{ first, second, parent: undefined, key: '$' }]
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const a = pair.first
    const b = pair.second
    if (a === b) continue
    const kind = kindOf(a)
    if (kind !== kindOf(b)) return `${pathOf(pair)}: ${kind} then ${kindOf(b)}`
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
      return `${pathOf(pair)}: ${shown(a)} then ${shown(b)}`
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return `${pathOf(pair)}: length ${a.length} then ${b.length}`
      for (let i = a.length - 1; i >= 0; i--)
        stack.push({ first: a[i] as JsonValue, second: b[i] as JsonValue, parent: pair, key: i })
      continue
    }
    const keysA = Object.keys(a)
    const keysB = Object.keys(b)
    // why: key order is part of the value here: it decides the serialized bytes a log keeps.
    if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i]))
      return `${pathOf(pair)}: keys ${shown(keysA)} then ${shown(keysB)}`
    const objA = a as Record<string, JsonValue>
    const objB = b as Record<string, JsonValue>
    for (let i = keysA.length - 1; i >= 0; i--) {
      const key = keysA[i] as string
      stack.push({ first: objA[key] as JsonValue, second: objB[key] as JsonValue, parent: pair, key })
    }
  }
  return undefined
}

/**
 * A detached lossless-JSON copy of `value` that two complete reads agree on. Getters and Proxy
 * traps run twice; a value that is JSON on one read and something else (or other JSON) on the
 * next is refused as unstable, with the path of the first difference. Never throws or recurses.
 */
export function toStableLosslessJson(value: unknown): StableJsonResult {
  // why: one detached read already makes the copy the only thing the pipeline ever looks at, but
  // the spec asks for unstable input to become an isError, and only a second read can tell that
  // a getter or trap answers differently each time. Both reads finish before anything runs.
  const first = toLosslessJson(value)
  if (!first.ok) return { ok: false, unstable: false, reason: first.reason }
  const second = toLosslessJson(value)
  if (!second.ok) return { ok: false, unstable: true, reason: second.reason }
  const difference = firstDifference(first.value, second.value)
  return difference === undefined ? first : { ok: false, unstable: true, reason: difference }
}
