// The structural keywords: objects (properties, required, additionalProperties,
// patternProperties) and arrays (items, prefixItems, array-form items, additionalItems).
import { jsdoc, propertyKey } from './text.ts'
import { atom, intersection, operand, union, UNKNOWN, type RenderContext, type Rendered } from './type-expr.ts'

const INDENT = '  '

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `{ key: T; other?: U }` with one-line JSDoc per described property. Extra keys become an index
 * signature: inline when it is `unknown`, otherwise as `& { [key: string]: T }` so declared
 * properties never have to be assignable to it.
 */
export function renderObject(schema: Readonly<Record<string, unknown>>, ctx: RenderContext, indent: string): Rendered {
  const inner = indent + INDENT
  const properties = isRecord(schema.properties) ? schema.properties : undefined
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [])
  let lines = ''
  for (const key of Object.keys(properties ?? {})) {
    const sub = properties?.[key]
    const type = ctx.render(sub, inner)
    const doc = isRecord(sub) ? jsdoc(sub.description, inner) : ''
    lines += `${doc}${inner}${propertyKey(key)}${required.has(key) ? '' : '?'}: ${type.text};\n`
  }
  const extra = indexType(schema, ctx, inner, properties !== undefined)
  if (extra === undefined) return atom(lines === '' ? '{}' : `{\n${lines}${indent}}`)
  if (extra.text === 'unknown' || lines === '') {
    return atom(`{\n${lines}${inner}[key: string]: ${extra.text};\n${indent}}`)
  }
  const index = atom(`{\n${inner}[key: string]: ${extra.text};\n${indent}}`)
  return intersection([atom(`{\n${lines}${indent}}`), index])
}

// why: JSON Schema objects are open unless closed, but for an object that lists its properties an
// implicit "and anything else" only adds noise; an explicit `additionalProperties: true` keeps it.
function indexType(
  schema: Readonly<Record<string, unknown>>,
  ctx: RenderContext,
  indent: string,
  hasProperties: boolean,
): Rendered | undefined {
  const members: Rendered[] = []
  const additional = schema.additionalProperties
  if (additional === true || (additional === undefined && !hasProperties)) members.push(UNKNOWN)
  else if (additional !== undefined && additional !== false) members.push(ctx.render(additional, indent))
  if (isRecord(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) {
      members.push(ctx.render(schema.patternProperties[pattern], indent))
    }
  }
  return members.length === 0 ? undefined : union(members)
}

/** `T[]` for `items`, or a tuple for `prefixItems` / array-form `items`. */
export function renderArray(schema: Readonly<Record<string, unknown>>, ctx: RenderContext, indent: string): Rendered {
  if (Array.isArray(schema.prefixItems)) return renderTuple(schema.prefixItems, schema.items, schema, ctx, indent)
  if (Array.isArray(schema.items)) return renderTuple(schema.items, schema.additionalItems, schema, ctx, indent)
  const item = schema.items === undefined ? UNKNOWN : ctx.render(schema.items, indent)
  return atom(`${operand(item)}[]`)
}

// why: elements past `minItems` are optional (`T?`), and the tuple stays open (`...T[]`) unless
// the rest schema is `false` or `maxItems` rules out extra elements, exactly as JSON Schema says.
function renderTuple(
  prefix: readonly unknown[],
  rest: unknown,
  schema: Readonly<Record<string, unknown>>,
  ctx: RenderContext,
  indent: string,
): Rendered {
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0
  const elements = prefix.map((item, i) => {
    const type = ctx.render(item, indent)
    return i < minItems ? type.text : `${operand(type)}?`
  })
  const closed = rest === false || (typeof schema.maxItems === 'number' && schema.maxItems <= prefix.length)
  if (!closed) {
    const restType = rest === undefined || rest === true ? UNKNOWN : ctx.render(rest, indent)
    elements.push(`...${operand(restType)}[]`)
  }
  return atom(`[${elements.join(', ')}]`)
}
