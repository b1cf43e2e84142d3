// Object shapes that several tools of one section repeat (an MCP server's `Entity` in five tools'
// inputs and outputs) become one named alias, declared once: the same types in fewer tokens.
import { isRecord } from './schema-objects.ts'
import { pascalCase } from './text.ts'

/** One shared shape: its alias name, the rendered body, and a schema that renders to it. */
export interface SharedShape {
  readonly name: string
  readonly representative: Readonly<Record<string, unknown>>
}

/** What the renderer needs: each shared schema node's alias name, in first-use order. */
export interface SharedShapes {
  readonly byNode: ReadonlyMap<object, string>
  readonly shapes: readonly SharedShape[]
}

// why: below this a shape costs about as much as its alias name plus the declaration line.
const MIN_SHAPE_CHARS = 60
const MAX_DEPTH = 32
const MAX_SHAPES = 100
// why: names the model already knows as TypeScript or sandbox types; an alias must not shadow them.
const RESERVED = new Set(
  'Array Awaited Boolean Capitalize ConstructorParameters Date Error Exclude Extract Function InstanceType Iterable Iterator JSON Lowercase Map Math NoInfer NonNullable Number Object Omit OmitThisParameter Parameters Partial Pick Promise PromiseLike PropertyKey Readonly ReadonlyArray Record RegExp Required ReturnType Set String Symbol ThisParameterType ThisType ToolCallError Uncapitalize Uppercase WeakMap WeakSet'.split(
    ' ',
  ),
)

interface Occurrence {
  /** A structural child schema. */
  readonly node: Readonly<Record<string, unknown>>
  readonly hint: string
}

/**
 * The structural children of a schema node (where the renderer writes a nested type), each with
 * a naming hint: its property key, or for array items the key of the array (`hint`).
 */
function children(node: Readonly<Record<string, unknown>>, hint: string): Occurrence[] {
  const out: Occurrence[] = []
  if (isRecord(node.properties))
    for (const [key, sub] of Object.entries(node.properties)) if (isRecord(sub)) out.push({ node: sub, hint: key })
  if (isRecord(node.items)) out.push({ node: node.items, hint: singular(hint) })
  for (const list of [node.prefixItems, node.items, node.anyOf, node.oneOf, node.allOf]) {
    if (Array.isArray(list)) for (const sub of list) if (isRecord(sub)) out.push({ node: sub, hint: '' })
  }
  if (isRecord(node.additionalProperties)) out.push({ node: node.additionalProperties, hint: '' })
  if (isRecord(node.patternProperties))
    for (const sub of Object.values(node.patternProperties)) if (isRecord(sub)) out.push({ node: sub, hint: '' })
  return out
}

// why: `entities: Entity[]` reads better than `entities: Entities[]`.
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

const hasRef = (node: unknown): boolean => JSON.stringify(node)?.includes('"$ref"') ?? true

/**
 * Find the shapes worth sharing across `roots` (each tool's parameters and output schema, in
 * section order). `render` is the standalone text of a node, the identity of a shape; nodes
 * holding a `$ref` are never shared (their aliases are the tool's own).
 */
export function findSharedShapes(roots: readonly unknown[], render: (node: unknown) => string): SharedShapes {
  const keyOf = new Map<object, string | undefined>()
  const key = (node: Readonly<Record<string, unknown>>): string | undefined => {
    if (!keyOf.has(node)) {
      let text: string | undefined
      // why: only objects that list properties can render as a shape worth sharing; checking
      // that first keeps the render below off the primitive members most schemas are made of.
      if (!isRecord(node.properties) || Object.keys(node.properties).length === 0) {
        keyOf.set(node, undefined)
        return undefined
      }
      try {
        text = render(node)
        if (!text.startsWith('{\n') || !text.endsWith('}') || text.length < MIN_SHAPE_CHARS || hasRef(node))
          text = undefined
      } catch {
        // why: a cyclic JavaScript object cannot be stringified; it is simply never shared.
        text = undefined
      }
      keyOf.set(node, text)
    }
    return keyOf.get(node)
  }
  const chosen = new Map<string, SharedShape>()
  const hints = new Map<string, Map<string, number>>()
  const firstSeen = new Map<string, number>()
  const count = (): Map<string, { count: number; node: Readonly<Record<string, unknown>> }> => {
    const counts = new Map<string, { count: number; node: Readonly<Record<string, unknown>> }>()
    const walk = (node: Readonly<Record<string, unknown>>, hint: string, depth: number, path: Set<object>): void => {
      if (depth >= MAX_DEPTH || path.has(node)) return
      path.add(node)
      for (const child of children(node, hint)) {
        const k = key(child.node)
        if (k !== undefined) {
          const entry = counts.get(k)
          if (entry === undefined) counts.set(k, { count: 1, node: child.node })
          else entry.count++
          if (!firstSeen.has(k)) firstSeen.set(k, firstSeen.size)
          if (child.hint !== '') {
            const h = hints.get(k) ?? new Map<string, number>()
            h.set(child.hint, (h.get(child.hint) ?? 0) + 1)
            hints.set(k, h)
          }
          if (chosen.has(k)) continue
        }
        walk(child.node, child.hint, depth + 1, path)
      }
      path.delete(node)
    }
    for (const root of roots) if (isRecord(root)) walk(root, '', 0, new Set())
    for (const shape of chosen.values()) walk(shape.representative, '', 0, new Set())
    return counts
  }
  const taken = new Set(RESERVED)
  for (let round = 0; round < MAX_SHAPES; round++) {
    const counts = count()
    const best = [...counts.entries()]
      .filter(([k, entry]) => entry.count >= 2 && !chosen.has(k))
      .toSorted(([a], [b]) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))[0]
    if (best === undefined) break
    const [k, entry] = best
    const hint =
      [...(hints.get(k) ?? new Map<string, number>()).entries()].toSorted(
        ([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0),
      )[0]?.[0] ?? 'shape'
    const base = pascalCase(singular(hint))
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`
    taken.add(name)
    chosen.set(k, { name, representative: entry.node })
  }
  const byNode = new Map<object, string>()
  for (const [node, k] of keyOf) {
    const shape = k === undefined ? undefined : chosen.get(k)
    if (shape !== undefined) byNode.set(node, shape.name)
  }
  const shapes = [...chosen.entries()]
    .toSorted(([a], [b]) => (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0))
    .map(([, shape]) => shape)
  return { byNode, shapes }
}
