/** A value that survives a JSON round trip unchanged (plain objects, arrays, finite numbers, ...). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue }

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

interface Visit {
  readonly value: unknown
  readonly parent: Visit | undefined
  readonly key: string | number | undefined
  readonly exit?: true
}

function pathOf(visit: Visit | undefined): string {
  const parts: string[] = []
  for (let v = visit; v?.key !== undefined; v = v.parent) parts.push(typeof v.key === 'number' ? `[${v.key}]` : `.${v.key}`)
  return `$${parts.toReversed().join('')}`
}

/**
 * Why `value` is not plain JSON data (with a `$.a[0]` path), or `undefined` when it is. Iterative,
 * so deep values are fine; a throwing getter is reported, never rethrown.
 */
export function jsonProblem(value: unknown): string | undefined {
  // why: an `exit` entry pops the object off the ancestor set, so a cycle is refused while a
  // subtree shared by two siblings is still plain data; paths are only built on failure.
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }]
  const ancestors = new Set<object>()
  let item: Visit | undefined
  const problem = (why: string): string => `${pathOf(item)}: ${why}`
  try {
    for (item = stack.pop(); item !== undefined; item = stack.pop()) {
      const v = item.value
      if (item.exit) {
        ancestors.delete(v as object)
        continue
      }
      if (v === null || typeof v === 'string' || typeof v === 'boolean') continue
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) return problem(`${String(v)} is not JSON`)
        continue
      }
      if (typeof v !== 'object') return problem(`${typeof v} is not JSON`)
      if (ancestors.has(v)) return problem('cycle')
      ancestors.add(v)
      stack.push({ value: v, parent: undefined, key: undefined, exit: true })
      if (Array.isArray(v)) {
        if (Object.keys(v).length !== v.length) return problem('array has holes or extra properties')
        for (let i = 0; i < v.length; i++) stack.push({ value: v[i], parent: item, key: i })
        continue
      }
      if (!isPlainObject(v)) return problem('not a plain object')
      if (Object.getOwnPropertySymbols(v).length > 0) return problem('symbol keys are not JSON')
      for (const key of Object.keys(v)) stack.push({ value: (v as Record<string, unknown>)[key], parent: item, key })
    }
  } catch (error) {
    return problem(`reading the value threw: ${error instanceof Error ? error.message : String(error)}`)
  }
  return undefined
}

/** A fresh deep copy of JSON data (checked with {@link jsonProblem} first); iterative, any depth. */
export function copyJson<T extends JsonValue>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const root: JsonValue = Array.isArray(value) ? [] : {}
  const stack: Array<[source: JsonValue, target: JsonValue]> = [[value, root]]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [source, target] = item as [Record<string, JsonValue>, Record<string, JsonValue>]
    for (const key of Object.keys(source)) {
      const child = source[key] as JsonValue
      let copy = child
      if (typeof child === 'object' && child !== null) {
        copy = Array.isArray(child) ? [] : {}
        stack.push([child, copy])
      }
      // why: defineProperty keeps a "__proto__" key an own member instead of setting the prototype.
      if (key === '__proto__') Object.defineProperty(target, key, { value: copy, writable: true, enumerable: true, configurable: true })
      else target[key] = copy
    }
  }
  return root as T
}
