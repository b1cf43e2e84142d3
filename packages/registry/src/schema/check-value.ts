import type { SpecEntry, SpecNode } from './node.ts'
import { describeError, kindOf, segment, showScalar } from './path.ts'

interface Task {
  node: SpecNode
  value: unknown
  path: string
  /** A required key that is absent: reported in its place in the order, not visited. */
  missing?: true
}

const ARTICLE: Readonly<Record<SpecNode['type'], string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
}

/**
 * Every way `value` misses `node`, as `path`-qualified messages in document order (empty = valid).
 * Iterative and total: it follows the spec tree, never the value's own depth, and reports a value
 * that cannot be read (a throwing getter or proxy trap) instead of throwing.
 */
export function checkValue(node: SpecNode, value: unknown, path: string): string[] {
  const out: string[] = []
  const stack: Task[] = [{ node, value, path }]
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    if (task.missing) {
      out.push(`missing required property ${task.path}`)
      continue
    }
    try {
      visit(task, stack, out)
    } catch (error) {
      out.push(`${task.path} could not be read (${describeError(error)})`)
    }
  }
  return out
}

function visit({ node, value, path }: Task, stack: Task[], out: string[]): void {
  switch (node.type) {
    case 'string':
      if (typeof value !== 'string') return mismatch(node, value, path, out)
      if (node.enum !== undefined && !node.enum.includes(value)) {
        out.push(`${path} must be one of ${node.enum.map(showScalar).join(', ')} (got ${showScalar(value)})`)
      }
      return
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return mismatch(node, value, path, out)
      return
    case 'integer':
      if (!Number.isInteger(value)) return mismatch(node, value, path, out)
      return
    case 'boolean':
      if (typeof value !== 'boolean') return mismatch(node, value, path, out)
      return
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return mismatch(node, value, path, out)
      if (node.properties !== undefined) members(node.properties, value, path, stack)
      return
    case 'array':
      if (!Array.isArray(value)) return mismatch(node, value, path, out)
      if (node.items !== undefined) elements(node.items, value, path, out, stack)
      return
  }
}

function mismatch(node: SpecNode, value: unknown, path: string, out: string[]): void {
  const got =
    typeof value === 'number' && node.type !== 'string' && node.type !== 'boolean' ? String(value) : kindOf(value)
  out.push(`${path} must be ${ARTICLE[node.type]} (got ${got})`)
}

function members(entries: readonly SpecEntry[], value: object, path: string, stack: Task[]): void {
  const record = value as Record<string, unknown>
  // why: pushed in reverse so the LIFO stack reports violations in declaration order.
  for (let i = entries.length - 1; i >= 0; i--) {
    const [key, child] = entries[i] as SpecEntry
    const childPath = path + segment(key)
    // why: JSON has no undefined, so a present-but-undefined key is the same as a missing one.
    const member = Object.hasOwn(record, key) ? record[key] : undefined
    if (member === undefined) {
      if (child.required) stack.push({ node: child, value: undefined, path: childPath, missing: true })
      continue
    }
    stack.push({ node: child, value: member, path: childPath })
  }
}

function elements(items: SpecNode, value: unknown[], path: string, out: string[], stack: Task[]): void {
  const length = value.length
  if (Object.keys(value).length !== length) {
    out.push(`${path} must be a dense JSON array (it has holes or extra keys)`)
    return
  }
  for (let i = length - 1; i >= 0; i--) stack.push({ node: items, value: value[i], path: `${path}[${i}]` })
}
