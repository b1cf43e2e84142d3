// What durable runs know of each tool (rules R-110 to R-113): a front door's own tools bring their
// facts; any other registered tool gets them from its definition (`needsApproval`, `revert`, its
// annotations, R-117) and, in the facade and CLI, the `approve` globs (R-141).
import { createHash } from 'node:crypto'
import { isPlainObject } from '@isocode/code-runtime'
import { checkOutputSchema } from '../output-schema/check-schema.ts'
import { validateStructuredValue } from '../output-schema/validate.ts'
import type { ToolAnnotations, ToolDefinition } from '../types.ts'
import type { ApprovalGate, DurableToolFacts, ToolFacts } from './types.ts'

// why: key order must not change a hash, so objects are written with sorted keys.
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : isPlainObject(value)
      ? `{${Object.keys(value)
          .toSorted()
          .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null')

/** sha-256 of a tool's schemas: a resume refuses a run whose called tool changed (R-113). */
export function schemaHash(parameters: unknown, outputSchema: unknown): string {
  return createHash('sha256')
    .update(canonical({ input: parameters, output: outputSchema }))
    .digest('hex')
}

/**
 * Edited arguments checked against a definition's JSON Schema by the registry's own checker; a
 * schema outside its subset is left to the tool (its execute checks its arguments).
 */
async function checkBySchema(definition: ToolDefinition, args: unknown): Promise<string[]> {
  if (!checkOutputSchema(definition.parameters).ok) return []
  return validateStructuredValue(definition.parameters, args).map((line) => line.replace(/^value/, 'args'))
}

/** How {@link toolFacts} reads a definition that brings no facts of its own. */
export interface DerivedFactsOptions {
  /** A rule that gates the tool (the `approve` globs, R-141): its name, or undefined. */
  gate?: (name: string, definition: ToolDefinition) => string | undefined
  /** The tool's behavioural hints (default: its `annotations`). */
  hints?: (definition: ToolDefinition) => ToolAnnotations | undefined
  /** Checks edited arguments (default: the registry's JSON Schema checker). */
  check?: (name: string, definition: ToolDefinition, args: unknown) => Promise<string[]>
}

/**
 * The facts of `own` (a front door's tools) and, for any other registered tool, facts read from
 * its definition: gated by its `needsApproval` or `options.gate`, idempotent when its hints say so,
 * re-checked by its JSON Schema when an approval edits its arguments.
 */
export function toolFacts(
  own: ReadonlyMap<string, DurableToolFacts>,
  lookup: (name: string) => ToolDefinition | undefined,
  options: DerivedFactsOptions = {},
): ToolFacts {
  const derived = new WeakMap<ToolDefinition, DurableToolFacts>()
  const { gate, hints = (definition) => definition.annotations } = options
  const check = options.check ?? ((_name, definition, args) => checkBySchema(definition, args))
  return {
    get(name) {
      const meta = own.get(name)
      if (meta !== undefined) return meta
      const definition = lookup(name)
      if (definition === undefined) return undefined
      const known = derived.get(definition)
      if (known !== undefined) return known
      const hinted = hints(definition)
      const facts: DurableToolFacts = {
        needsApproval:
          gate?.(name, definition) !== undefined ? true : ((definition.needsApproval ?? false) as ApprovalGate),
        // why: R-112, R-117 — a tool that says it is idempotent is re-run after a crash, not held for review.
        idempotent: hinted?.idempotentHint === true,
        destructive: hinted?.destructiveHint === true,
        replay: 'record',
        revert: definition.revert as DurableToolFacts['revert'],
        check: (args) => check(name, definition, args),
        hash: schemaHash(definition.parameters, definition.outputSchema ?? {}),
      }
      derived.set(definition, facts)
      return facts
    },
  }
}
