import { toLosslessJson } from '@isocode/code-runtime'
import { isPlainRecord, kindOf, segment, showScalar } from '../schema/path.ts'
import type { JsonObject, JsonValue } from '../types.ts'
import { checkOutputSchema, scalarFits } from './check-schema.ts'

interface Task {
  node: JsonObject
  value: JsonValue
  path: string
}

const ARTICLE: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
}

/**
 * Every way `value` misses the structured-output `schema`, path-qualified (`value.items[2].id …`);
 * empty means valid. Total: an unsupported schema yields its own violations, and a value that is
 * not plain JSON (cycle, BigInt, throwing getter, proxy) yields one violation, never a throw.
 */
export function validateStructuredValue(schema: unknown, value: unknown): string[] {
  const checked = checkOutputSchema(schema)
  if (!checked.ok) return checked.violations
  // why: validating a detached JSON copy means a getter runs once and the checks see one stable value.
  const copy = toLosslessJson(value)
  if (!copy.ok) return [`${copy.reason.replace(/^\$/, 'value')} (the value must be plain JSON data)`]
  const out: string[] = []
  const stack: Task[] = [{ node: checked.schema, value: copy.value, path: 'value' }]
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) visit(task, out, stack)
  return out
}

function visit({ node, value, path }: Task, out: string[], stack: Task[]): void {
  const type = node.type as string | undefined
  if (type !== undefined && !fits(type, value)) {
    out.push(`${path} must be ${ARTICLE[type] ?? type} (got ${kindOf(value)})`)
    return
  }
  const allowed = node.enum as JsonValue[] | undefined
  if (allowed !== undefined && !allowed.includes(value)) {
    out.push(`${path} must be one of ${allowed.map((m) => showScalar(m as string)).join(', ')} (got ${shown(value)})`)
  }
  if (Object.hasOwn(node, 'const') && node.const !== value) {
    out.push(`${path} must be ${showScalar(node.const as string)} (got ${shown(value)})`)
  }
  if (type === 'object') members(node, value as JsonObject, path, out, stack)
  else if (type === 'array' && node.items !== undefined) {
    const items = node.items as JsonObject
    const list = value as JsonValue[]
    for (let i = list.length - 1; i >= 0; i--)
      stack.push({ node: items, value: list[i] as JsonValue, path: `${path}[${i}]` })
  }
}

function members(node: JsonObject, value: JsonObject, path: string, out: string[], stack: Task[]): void {
  const declared = (node.properties ?? {}) as JsonObject
  for (const key of (node.required ?? []) as string[]) {
    if (!Object.hasOwn(value, key)) out.push(`missing required property ${path}${segment(key)}`)
  }
  const keys = Object.keys(value)
  if (node.additionalProperties === false) {
    for (const key of keys) {
      if (!Object.hasOwn(declared, key))
        out.push(`${path}${segment(key)} is not a declared property (additionalProperties: false)`)
    }
  }
  // why: reversed so the LIFO stack visits members in the value's key order.
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string
    if (Object.hasOwn(declared, key))
      stack.push({ node: declared[key] as JsonObject, value: value[key] as JsonValue, path: path + segment(key) })
  }
}

function fits(type: string, value: JsonValue): boolean {
  if (type === 'object') return isPlainRecord(value)
  if (type === 'array') return Array.isArray(value)
  return (value === null || typeof value !== 'object') && scalarFits(type, value)
}

function shown(value: JsonValue): string {
  return value === null || typeof value !== 'object' ? showScalar(value) : kindOf(value)
}
