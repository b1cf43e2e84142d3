import type { JsonValue } from '../types.ts'
import type { SchemaSpecType } from './spec.ts'

/** A checked, detached property spec: the one tree that conversion and validation both read. */
export interface SpecNode {
  type: SchemaSpecType
  required: boolean
  description?: string
  enum?: readonly string[]
  default?: JsonValue
  properties?: SpecEntry[]
  items?: SpecNode
}

/** A declared key and its node, in declaration order. */
export type SpecEntry = readonly [key: string, node: SpecNode]
