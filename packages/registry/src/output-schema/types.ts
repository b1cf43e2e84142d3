import type { ReadonlyJson } from '../schema/spec.ts'

/** A scalar allowed in a structured-output `enum` or `const`. */
export type OutputScalar = string | number | boolean | null

/** One node of the structured-output subset; a node without `type` accepts any JSON value. */
export interface OutputSchemaNode {
  readonly type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'
  readonly properties?: { readonly [key: string]: OutputSchemaNode }
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean
  readonly items?: OutputSchemaNode
  readonly enum?: readonly OutputScalar[]
  readonly const?: OutputScalar
  readonly description?: string
  readonly title?: string
  readonly default?: ReadonlyJson
  readonly examples?: readonly ReadonlyJson[]
}

/** An object-rooted raw JSON Schema in the structured-output subset (what a caller demands back). */
export interface StructuredOutputSchema extends OutputSchemaNode {
  readonly type: 'object'
}
