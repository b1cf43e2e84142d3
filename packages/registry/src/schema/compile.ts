import { toLosslessJson } from '@isocode/code-runtime'
import { RegistryError } from '../errors.ts'
import { checkValue } from './check-value.ts'
import type { SpecEntry, SpecNode } from './node.ts'
import { isPlainRecord, segment } from './path.ts'
import type { SchemaSpecType } from './spec.ts'

const TYPES: readonly SchemaSpecType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array']
const COMMON = ['type', 'required', 'description', 'default']
const ONLY_ON: Readonly<Record<string, SchemaSpecType>> = { enum: 'string', properties: 'object', items: 'array' }

// why: a property is its own task (not handled inline by its record) so that it leaves the
// ancestor set before its next sibling starts: a spec shared by two siblings is not a cycle.
type Task =
  | { kind: 'record'; source: unknown; path: string; into: SpecEntry[] }
  | { kind: 'property'; source: unknown; path: string; key: string; into: SpecEntry[] }
  | { kind: 'items'; source: unknown; path: string; owner: SpecNode }
  | { kind: 'exit'; source: object }

interface Walk {
  stack: Task[]
  ancestors: Set<object>
  problems: string[]
  defaults: Array<{ node: SpecNode; path: string }>
}

/**
 * Check a SchemaSpec and copy it into a detached node tree (iterative: any depth, cycles refused).
 * Throws a RegistryError (INVALID_DEFINITION) listing every authoring problem, prefixed by `label`
 * and located from `field` (`parameters.path.type …`).
 */
export function compileSchemaSpec(spec: unknown, label: string, field = 'parameters'): SpecNode {
  const root: SpecNode = { type: 'object', required: false, properties: [] }
  const walk: Walk = { stack: [], ancestors: new Set(), problems: [], defaults: [] }
  walk.stack.push({ kind: 'record', source: spec, path: field, into: root.properties as SpecEntry[] })
  for (let task = walk.stack.pop(); task !== undefined; task = walk.stack.pop()) {
    if (task.kind === 'exit') {
      walk.ancestors.delete(task.source)
    } else if (task.kind === 'record') {
      record(walk, task.source, task.path, task.into)
    } else if (task.kind === 'property') {
      const node = property(walk, task.source, task.path, false)
      if (node !== undefined) task.into.push([task.key, node])
    } else {
      const node = property(walk, task.source, task.path, true)
      if (node !== undefined) task.owner.items = node
    }
  }
  // why: a default is only shown to the model, but one that contradicts its own property misleads it.
  for (const { node, path } of walk.defaults) {
    for (const problem of checkValue(node, node.default, path)) walk.problems.push(problem)
  }
  if (walk.problems.length > 0) {
    throw new RegistryError(
      `${label}: invalid SchemaSpec:\n${walk.problems.map((p) => `- ${p}`).join('\n')}`,
      'INVALID_DEFINITION',
    )
  }
  return root
}

function enter(walk: Walk, source: object, path: string): boolean {
  if (walk.ancestors.has(source)) {
    walk.problems.push(`${path} refers back to one of its own ancestors (cycles are not allowed)`)
    return false
  }
  walk.ancestors.add(source)
  walk.stack.push({ kind: 'exit', source })
  return true
}

function record(walk: Walk, source: unknown, path: string, into: SpecEntry[]): void {
  if (!isPlainRecord(source)) {
    walk.problems.push(`${path} must be a plain object mapping property names to specs like { type: 'string' }`)
    return
  }
  if (!enter(walk, source, path)) return
  if (Object.getOwnPropertySymbols(source).length > 0) walk.problems.push(`${path} has a symbol key; use string keys`)
  const keys = Object.keys(source)
  // why: reversed so the LIFO stack handles (and appends) properties in declaration order.
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string
    walk.stack.push({ kind: 'property', source: source[key], path: path + segment(key), key, into })
  }
}

function property(walk: Walk, source: unknown, path: string, isItems: boolean): SpecNode | undefined {
  if (!isPlainRecord(source)) {
    walk.problems.push(`${path} must be a property spec object like { type: 'string' }`)
    return undefined
  }
  if (!enter(walk, source, path)) return undefined
  const type = source.type
  if (typeof type !== 'string' || !TYPES.includes(type as SchemaSpecType)) {
    walk.problems.push(
      `${path}.type must be one of ${TYPES.map((t) => `'${t}'`).join(', ')} (got ${JSON.stringify(type) ?? 'undefined'})`,
    )
    return undefined
  }
  const node: SpecNode = { type: type as SchemaSpecType, required: false }
  for (const key of Object.keys(source)) {
    if (COMMON.includes(key)) continue
    const only = ONLY_ON[key]
    if (only === undefined) {
      walk.problems.push(
        `${path}${segment(key)} is not a SchemaSpec field (use type, required, description, default, enum, properties or items)`,
      )
    } else if (only !== type) {
      walk.problems.push(`${path}.${key} is only allowed on type '${only}'; remove it or change the type`)
    }
  }
  const { required, description } = source
  if (required !== undefined) {
    if (isItems) walk.problems.push(`${path}.required has no meaning on array items; remove it`)
    else if (typeof required !== 'boolean') walk.problems.push(`${path}.required must be true or false`)
    else node.required = required
  }
  if (description !== undefined) {
    if (typeof description === 'string') node.description = description
    else walk.problems.push(`${path}.description must be a string`)
  }
  if ('default' in source) {
    const copy = toLosslessJson(source.default)
    if (copy.ok) {
      node.default = copy.value
      walk.defaults.push({ node, path: `${path}.default` })
    } else {
      walk.problems.push(`${path}.default must be JSON data (${copy.reason.replace(/^\$/, 'default')})`)
    }
  }
  if (type === 'string' && source.enum !== undefined) checkEnum(walk, source.enum, path, node)
  if (type === 'object' && source.properties !== undefined) {
    node.properties = []
    walk.stack.push({ kind: 'record', source: source.properties, path: `${path}.properties`, into: node.properties })
  }
  if (type === 'array' && source.items !== undefined) {
    walk.stack.push({ kind: 'items', source: source.items, path: `${path}.items`, owner: node })
  }
  return node
}

function checkEnum(walk: Walk, value: unknown, path: string, node: SpecNode): void {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
    walk.problems.push(`${path}.enum must be a non-empty array of strings`)
    return
  }
  if (new Set(value).size !== value.length) {
    walk.problems.push(`${path}.enum lists a string twice; list each allowed value once`)
    return
  }
  node.enum = [...(value as string[])]
}
