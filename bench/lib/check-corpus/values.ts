// A TypeScript literal for a JSON Schema: a value of the declared type with every required
// property, for the generated programs of the check corpus.
type Schema = Record<string, unknown>

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const key = (name: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name))

function resolve(ref: string, root: Schema): unknown {
  if (!ref.startsWith('#/')) return undefined
  let at: unknown = root
  for (const part of ref.slice(2).split('/'))
    at = isSchema(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  return at
}

/** A literal of `schema`'s type; `optional` adds the optional properties too. */
export function valueFor(schema: unknown, root: unknown, optional: boolean, depth = 0): string {
  if (!isSchema(schema) || depth > 6) return 'null'
  const base = isSchema(root) ? root : schema
  if (typeof schema.$ref === 'string') return valueFor(resolve(schema.$ref, base), base, optional, depth + 1)
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return JSON.stringify(schema.enum[0])
  for (const union of ['anyOf', 'oneOf'] as const) {
    const options = schema[union]
    if (Array.isArray(options) && options.length > 0) return valueFor(options[0], base, optional, depth + 1)
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = { type: 'object', properties: {}, required: [] }
    for (const part of schema.allOf) {
      const resolved = isSchema(part) && typeof part.$ref === 'string' ? resolve(part.$ref, base) : part
      if (!isSchema(resolved)) continue
      Object.assign(merged.properties as Schema, resolved.properties)
      ;(merged.required as unknown[]).push(...(Array.isArray(resolved.required) ? resolved.required : []))
    }
    return valueFor(merged, base, optional, depth + 1)
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type
  switch (type) {
    case 'string':
      return JSON.stringify('text')
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? String(schema.minimum) : '1'
    case 'boolean':
      return 'true'
    case 'null':
      return 'null'
    case 'array':
      return arrayFor(schema, base, optional, depth)
    case 'object':
    case undefined:
      return isSchema(schema.properties) || type === 'object' ? objectFor(schema, base, optional, depth) : 'null'
    default:
      return 'null'
  }
}

function arrayFor(schema: Schema, root: Schema, optional: boolean, depth: number): string {
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined
  if (prefix !== undefined) {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0
    return `[${prefix
      .slice(0, Math.max(min, optional ? prefix.length : 0))
      .map((item) => valueFor(item, root, optional, depth + 1))
      .join(', ')}]`
  }
  return optional && isSchema(schema.items) ? `[${valueFor(schema.items, root, optional, depth + 1)}]` : '[]'
}

function objectFor(schema: Schema, root: Schema, optional: boolean, depth: number): string {
  const properties = isSchema(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [])
  const entries: string[] = []
  for (const [name, property] of Object.entries(properties)) {
    // why: `__proto__` in a literal sets the prototype instead of a property.
    if (name === '__proto__') continue
    if (required.has(name) || optional) entries.push(`${key(name)}: ${valueFor(property, root, optional, depth + 1)}`)
  }
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`
}
