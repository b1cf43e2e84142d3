import type { JsonValue } from './types.ts'

/** Outcome of {@link toLosslessJson}: a detached copy, or the reason the value is not lossless JSON. */
export type LosslessJsonResult = { ok: true; value: JsonValue } | { ok: false; reason: string }

type JsonContainer = JsonValue[] | { [key: string]: JsonValue }

// why: one frame per open container; the frame stack is exactly the chain of ancestors, so it
// doubles as the cycle check and as the path of a refusal, and nothing recurses.
interface Frame {
  source: object
  target: JsonContainer
  parent: Frame | undefined
  key: string | number
  keys: string[] | undefined
  length: number
  index: number
}

class Refusal {
  constructor(readonly message: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

function segment(key: string | number): string {
  if (typeof key === 'number') return `[${key}]`
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

function pathOf(frame: Frame | undefined, key: string | number | undefined): string {
  const parts: string[] = key === undefined ? [] : [segment(key)]
  for (let f = frame; f?.parent !== undefined; f = f.parent) parts.push(segment(f.key))
  return `$${parts.toReversed().join('')}`
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}

function isPlainPrototype(proto: object | null): boolean {
  if (proto === null || proto === Object.prototype) return true
  // why: plain objects from another realm (node:vm, a worker clone) have their own Object.prototype.
  return (
    Object.getPrototypeOf(proto) === null &&
    Object.prototype.toString.call(proto) === '[object Object]' &&
    typeof (proto as { hasOwnProperty?: unknown }).hasOwnProperty === 'function'
  )
}

function kindName(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1)
  if (tag !== 'Object') return tag
  const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor
  return typeof ctor?.name === 'string' && ctor.name !== '' ? `${ctor.name} instance` : 'non-plain object'
}

function primitive(value: unknown): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      if (Number.isFinite(value)) return value === 0 ? 0 : value
      throw new Refusal(`${String(value)} is not JSON`)
    case 'bigint':
      throw new Refusal('BigInt is not JSON')
    case 'undefined':
      throw new Refusal('undefined is not JSON')
    case 'function':
      throw new Refusal('a function is not JSON')
    case 'symbol':
      throw new Refusal('a symbol is not JSON')
    default:
      if (value === null) return null
      throw new Refusal(`${typeof value} is not JSON`)
  }
}

function open(source: object, parent: Frame | undefined, key: string | number): Frame {
  if (Array.isArray(source)) {
    const length = source.length
    if (Object.keys(source).length !== length) {
      throw new Refusal('array has holes or extra properties')
    }
    return { source, target: [] as JsonValue[], parent, key, keys: undefined, length, index: 0 }
  }
  if (!isPlainPrototype(Object.getPrototypeOf(source) as object | null)) {
    throw new Refusal(`${kindName(source)} is not a plain object`)
  }
  const symbols = Object.getOwnPropertySymbols(source)
  if (symbols.length > 0) throw new Refusal(`symbol key ${String(symbols[0])} is not JSON`)
  const keys = Object.keys(source)
  return { source, target: {}, parent, key, keys, length: keys.length, index: 0 }
}

function assign(target: JsonContainer, key: string | number, value: JsonValue): void {
  if (key === '__proto__') {
    // why: a plain assignment would set the prototype instead of an own member.
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  } else {
    ;(target as Record<string | number, JsonValue>)[key] = value
  }
}

/**
 * Make a detached deep copy of `value` if it is lossless JSON (rule RT-9 in docs/runtime-contract.md), else say why with
 * its path (`$.a[3]: BigInt is not JSON`). Never throws, never recurses: any depth is fine.
 */
export function toLosslessJson(value: unknown): LosslessJsonResult {
  let frame: Frame | undefined
  let key: string | number | undefined
  try {
    if (typeof value !== 'object' || value === null) return { ok: true, value: primitive(value) }
    const root = open(value, undefined, '$')
    const ancestors = new Set<object>([value])
    frame = root
    while (frame !== undefined) {
      if (frame.index >= frame.length) {
        ancestors.delete(frame.source)
        const done = frame
        frame = frame.parent
        key = undefined
        if (frame !== undefined) assign(frame.target, done.key, done.target)
        continue
      }
      const i = frame.index++
      key = frame.keys === undefined ? i : (frame.keys[i] as string)
      const child = (frame.source as Record<string | number, unknown>)[key]
      if (typeof child !== 'object' || child === null) {
        assign(frame.target, key, primitive(child))
        continue
      }
      if (ancestors.has(child)) throw new Refusal(`cycle (refers back to ${ancestorPath(frame, child)})`)
      frame = open(child, frame, key)
      ancestors.add(child)
      key = undefined
    }
    return { ok: true, value: root.target }
  } catch (error) {
    const why = error instanceof Refusal ? error.message : `reading it threw: ${describe(error)}`
    return { ok: false, reason: `${pathOf(frame, key)}: ${why}` }
  }
}

function ancestorPath(frame: Frame, target: object): string {
  for (let f: Frame | undefined = frame; f !== undefined; f = f.parent) {
    if (f.source === target) return pathOf(f, undefined)
  }
  return '$'
}
