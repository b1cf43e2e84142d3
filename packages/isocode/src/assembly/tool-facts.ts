// What durable runs know of each tool (rules R-110 to R-113): the facade's own tools bring their
// facts; any other tool (an MCP server's, a tools module's) gets them from its definition and the
// `approve` globs (R-141).
import { createHash } from 'node:crypto'
import { mcpToolHints } from '@isocode/mcp/internal'
import type { ToolDefinition } from '@isocode/registry'
import type { ToolMeta } from '../define.ts'
import { isPlainObject } from '@isocode/code-runtime'
import { prepareSchema } from '../schema.ts'

/** The durable facts of the tools, by name (a live view: MCP servers may change their tools). */
export interface ToolFacts {
  get(name: string): ToolMeta | undefined
}

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

/** `*` any run of characters, `?` one; the whole name must match. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replaceAll(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.')
  return new RegExp(`^${body}$`)
}

/**
 * Whether a call to `name` needs approval under `approve`: a glob matching the tool's name, or
 * `destructive` for a tool whose MCP annotations say `destructiveHint: true` (R-141).
 */
export function approvalRule(approve: readonly string[]): (name: string, destructive: boolean) => string | undefined {
  const globs = approve.filter((glob) => glob !== 'destructive').map((glob) => ({ glob, re: globToRegExp(glob) }))
  const destructive = approve.includes('destructive')
  return (name, isDestructive) => {
    if (destructive && isDestructive) return 'destructive'
    return globs.find(({ re }) => re.test(name))?.glob
  }
}

/**
 * The facts of `own` (the facade's tools) and, for any other registered tool, facts read from its
 * definition: gated by `approve`, idempotent when its MCP annotations say so, re-checked by its JSON Schema when an approval
 * edits its arguments.
 */
export function toolFacts(
  own: ReadonlyMap<string, ToolMeta>,
  lookup: (name: string) => ToolDefinition | undefined,
  gate: (name: string, definition: ToolDefinition) => string | undefined,
): ToolFacts {
  const derived = new WeakMap<ToolDefinition, ToolMeta>()
  return {
    get(name) {
      const meta = own.get(name)
      if (meta !== undefined) return meta
      const definition = lookup(name)
      if (definition === undefined) return undefined
      let facts = derived.get(definition)
      if (facts === undefined) {
        facts = {
          needsApproval: gate(name, definition) !== undefined,
          // why: R-112 — an MCP tool that says it is idempotent is re-run after a crash, not held for review.
          idempotent: mcpToolHints(definition)?.idempotentHint === true,
          replay: 'record',
          revert: undefined,
          check: async (args) => {
            // why: a schema the facade's strict checker refuses is left to the tool's own server.
            const prepared = await prepareSchema(name, 'inputSchema', definition.parameters).catch(() => undefined)
            const checked = await prepared?.check(args)
            return checked === undefined || checked.ok ? [] : checked.violations
          },
          hash: schemaHash(definition.parameters, definition.outputSchema ?? {}),
        }
        derived.set(definition, facts)
      }
      return facts
    },
  }
}
