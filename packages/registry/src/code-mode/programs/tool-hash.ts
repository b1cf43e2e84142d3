import { createHash } from 'node:crypto'
import type { ToolDefinition } from '../../types.ts'

// why: key order must not change a hash, so objects are written with sorted keys.
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.keys(value)
          .toSorted()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null')

/**
 * The schema hash of a tool (its arguments and output schemas, key order ignored): what a saved
 * program records for every tool it calls (R-122). The same hash durable runs record for a call.
 */
export function toolSchemaHash(tool: Pick<ToolDefinition, 'parameters' | 'outputSchema'>): string {
  return createHash('sha256')
    .update(canonical({ input: tool.parameters, output: tool.outputSchema }))
    .digest('hex')
}
