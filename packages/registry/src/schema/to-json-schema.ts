import type { JsonObject, JsonValue } from '../types.ts'
import { compileSchemaSpec } from './compile.ts'
import type { SpecNode } from './node.ts'
import { setOwn } from './path.ts'
import type { SchemaSpec } from './spec.ts'

/**
 * The standard JSON Schema of a checked spec tree: `{ type: 'object', properties, required? }` at
 * the root, keys in declaration order, `required` omitted when empty. Iterative, so depth is free.
 */
export function nodeToJsonSchema(root: SpecNode): JsonObject {
  const out: JsonObject = {}
  const stack: Array<{ node: SpecNode; target: JsonObject }> = [{ node: root, target: out }]
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    const { node, target } = task
    target.type = node.type
    if (node.description !== undefined) target.description = node.description
    if (node.enum !== undefined) target.enum = [...node.enum]
    if (node.default !== undefined) target.default = structuredClone(node.default) as JsonValue
    if (node.properties !== undefined) {
      const properties: JsonObject = {}
      const required: string[] = []
      for (const [key, child] of node.properties) {
        const schema: JsonObject = {}
        setOwn(properties, key, schema)
        if (child.required) required.push(key)
        stack.push({ node: child, target: schema })
      }
      target.properties = properties
      if (required.length > 0) target.required = required
    }
    if (node.items !== undefined) {
      const items: JsonObject = {}
      target.items = items
      stack.push({ node: node.items, target: items })
    }
  }
  return out
}

/**
 * Convert a defineTool SchemaSpec to the JSON Schema sent to the model (deterministic; throws a
 * RegistryError INVALID_DEFINITION listing every authoring problem of the spec).
 */
export function schemaSpecToJsonSchema(spec: SchemaSpec): JsonObject {
  return nodeToJsonSchema(compileSchemaSpec(spec, 'schemaSpecToJsonSchema'))
}
