import { toLosslessJson } from '@isocode/code-runtime'
import { OutputSchemaError } from '../errors.ts'
import { isPlainRecord, segment, showScalar } from '../schema/path.ts'
import type { JsonObject, JsonValue } from '../types.ts'
import type { OutputScalar, StructuredOutputSchema } from './types.ts'

const TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'description',
  'title',
  'default',
  'examples',
])
const NEEDS_TYPE: Readonly<Record<string, string>> = {
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  items: 'array',
}

/** The outcome of checking a schema: its detached JSON copy when it is in the subset. */
export type CheckedOutputSchema = { ok: true; schema: JsonObject } | { ok: false; violations: string[] }

/** True when the scalar `value` is an instance of the JSON Schema `type` (undefined = any). */
export function scalarFits(type: JsonValue | undefined, value: OutputScalar): boolean {
  switch (type) {
    case undefined:
      return true
    case 'string':
    case 'boolean':
      return typeof value === type
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return Number.isInteger(value)
    case 'null':
      return value === null
    default:
      return false
  }
}

function isScalar(value: JsonValue): value is OutputScalar {
  return value === null || typeof value !== 'object'
}

/**
 * Check `schema` against the structured-output subset and collect every violation, path-qualified
 * (`schema.properties.x.type …`). Total: a non-JSON or hostile schema is one violation, never a throw.
 */
export function checkOutputSchema(schema: unknown): CheckedOutputSchema {
  const copy = toLosslessJson(schema)
  if (!copy.ok)
    return { ok: false, violations: [`${copy.reason.replace(/^\$/, 'schema')} (a schema must be plain JSON data)`] }
  const out: string[] = []
  // why: the copy is detached plain JSON without cycles, so the walk needs no ancestor tracking.
  const stack: Array<{ node: JsonValue; path: string }> = [{ node: copy.value, path: 'schema' }]
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) checkNode(task.node, task.path, out, stack)
  return out.length === 0 ? { ok: true, schema: copy.value as JsonObject } : { ok: false, violations: out }
}

function checkNode(
  node: JsonValue,
  path: string,
  out: string[],
  stack: Array<{ node: JsonValue; path: string }>,
): void {
  if (!isPlainRecord(node)) {
    out.push(`${path} must be a schema object`)
    return
  }
  const type = node.type
  if (Array.isArray(type)) out.push(`${path}.type must be a single type string; type arrays are not supported`)
  else if (type !== undefined && !TYPES.includes(type as string)) {
    out.push(`${path}.type must be one of ${TYPES.map((t) => `"${t}"`).join(', ')}`)
  }
  if (path === 'schema' && type !== 'object')
    out.push(`schema.type must be "object": a structured output is object-rooted`)
  for (const key of Object.keys(node)) {
    if (!KEYWORDS.has(key)) out.push(`${path}${segment(key)} is not supported (outside the structured-output subset)`)
    const needs = NEEDS_TYPE[key]
    if (needs !== undefined && type !== needs) out.push(`${path}.${key} needs type: "${needs}" beside it`)
  }
  for (const key of ['description', 'title']) {
    if (Object.hasOwn(node, key) && typeof node[key] !== 'string') out.push(`${path}.${key} must be a string`)
  }
  if (Object.hasOwn(node, 'examples') && !Array.isArray(node.examples))
    out.push(`${path}.examples must be an array of examples`)
  if (Object.hasOwn(node, 'additionalProperties') && typeof node.additionalProperties !== 'boolean') {
    out.push(`${path}.additionalProperties must be true or false (a schema there is not supported)`)
  }
  const declared = properties(node.properties, path, out, stack)
  required(node.required, declared, path, out)
  if (Object.hasOwn(node, 'items')) {
    if (Array.isArray(node.items)) out.push(`${path}.items must be one schema object (tuple form is not supported)`)
    else stack.push({ node: node.items as JsonValue, path: `${path}.items` })
  }
  const allowed = enumeration(node.enum, type, path, out)
  if (Object.hasOwn(node, 'const')) {
    const value = node.const as JsonValue
    if (!isScalar(value)) out.push(`${path}.const must be a string, number, boolean or null`)
    else if (!scalarFits(type, value))
      out.push(`${path}.const ${showScalar(value)} does not match type "${String(type)}"`)
    else if (allowed !== undefined && !allowed.includes(value))
      out.push(`${path}.const ${showScalar(value)} is not in enum`)
  }
}

function properties(
  value: JsonValue | undefined,
  path: string,
  out: string[],
  stack: Array<{ node: JsonValue; path: string }>,
): Set<string> {
  const declared = new Set<string>()
  if (value === undefined) return declared
  if (!isPlainRecord(value)) {
    out.push(`${path}.properties must be an object mapping names to schemas`)
    return declared
  }
  const keys = Object.keys(value)
  // why: reversed so the LIFO stack reports nested violations in declaration order.
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string
    declared.add(key)
    stack.push({ node: value[key] as JsonValue, path: `${path}.properties${segment(key)}` })
  }
  return declared
}

function required(value: JsonValue | undefined, declared: Set<string>, path: string, out: string[]): void {
  if (value === undefined) return
  if (!Array.isArray(value) || !value.every((k) => typeof k === 'string')) {
    out.push(`${path}.required must be an array of property names`)
    return
  }
  if (new Set(value).size !== value.length) out.push(`${path}.required names a property twice`)
  for (const key of value) {
    if (!declared.has(key))
      out.push(`${path}.required names ${JSON.stringify(key)}, which is not declared in properties`)
  }
}

function enumeration(
  value: JsonValue | undefined,
  type: JsonValue | undefined,
  path: string,
  out: string[],
): OutputScalar[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.length === 0) {
    out.push(`${path}.enum must be a non-empty array`)
    return undefined
  }
  const scalars = value.filter(isScalar)
  if (scalars.length !== value.length) out.push(`${path}.enum members must be strings, numbers, booleans or null`)
  for (const member of scalars) {
    if (!scalarFits(type, member))
      out.push(`${path}.enum member ${showScalar(member)} does not match type "${String(type)}"`)
  }
  if (new Set(scalars).size !== scalars.length) out.push(`${path}.enum lists a value twice`)
  return scalars
}

/**
 * Throw OutputSchemaError (UNSUPPORTED_SCHEMA) listing every violation when `schema` is outside the
 * structured-output subset; return normally when it is a supported object-rooted schema.
 */
export function assertSupportedOutputSchema(schema: unknown): asserts schema is StructuredOutputSchema {
  const checked = checkOutputSchema(schema)
  if (!checked.ok) throw new OutputSchemaError(checked.violations)
}
