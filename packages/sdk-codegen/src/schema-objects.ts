// The structural keywords: objects (properties, required, additionalProperties,
// patternProperties) and arrays (items, prefixItems, array-form items, additionalItems).
import { jsdoc, propertyKey } from './text.ts'
import { atom, intersection, operand, union, UNKNOWN, type RenderContext, type Rendered } from './type-expr.ts'

const INDENT = '  '

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The longest object type written on one line (`{ a: T; b?: U }`), in characters. */
const INLINE_MAX = 60

/**
 * `{ key: T; other?: U }`: on one line when it is short and no property has a description,
 * else one property a line, each after its one-line JSDoc. Extra keys become an index
 * signature: inline when it is `unknown`, otherwise as `& { [key: string]: T }` so declared
 * properties never have to be assignable to it.
 */
export function renderObject(schema: Readonly<Record<string, unknown>>, ctx: RenderContext, indent: string): Rendered {
  const inner = indent + INDENT
  const properties = isRecord(schema.properties) ? schema.properties : undefined
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [])
  const members: Member[] = []
  for (const key of Object.keys(properties ?? {})) {
    const sub = properties?.[key]
    const type = ctx.render(sub, inner)
    // why: the JSDoc shares its property's line; a line of its own costs a newline and an indent per property.
    const doc = isRecord(sub) ? jsdoc(sub.description, '').replace(/\n$/, ' ') : ''
    members.push({ doc, text: `${propertyKey(key)}${required.has(key) ? '' : '?'}: ${type.text};` })
  }
  const extra = indexType(schema, ctx, inner, properties !== undefined)
  if (extra === undefined) return atom(block(members, indent))
  const index: Member = { doc: '', text: `[key: string]: ${extra.text};` }
  if (extra.text === 'unknown' || members.length === 0) return atom(block([...members, index], indent))
  return intersection([atom(block(members, indent)), atom(block([index], indent))])
}

interface Member {
  /** The property's JSDoc with a trailing space, or ''. */
  readonly doc: string
  /** `key?: T;` */
  readonly text: string
}

// why: a short undocumented object reads as well on one line and costs a newline and an indent
// less per property; anything longer or documented keeps one property a line.
function block(members: readonly Member[], indent: string): string {
  if (members.length === 0) return '{}'
  const flat = `{ ${members
    .map((m) => m.text)
    .join(' ')
    .slice(0, -1)} }`
  if (flat.length <= INLINE_MAX && !flat.includes('\n') && members.every((m) => m.doc === '')) return flat
  const inner = indent + INDENT
  return `{\n${members.map((m) => `${inner}${m.doc}${m.text}\n`).join('')}${indent}}`
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
