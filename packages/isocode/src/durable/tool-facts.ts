// What durable runs know of each tool a program may call: the facade's own tools' metas, and for
// tools of MCP servers, facts built from their registered definitions: the schema hash a
// resume compares, the input check for edited args, and the annotations' idempotent and
// destructive hints.
import type { ToolDefinition } from '@isocode/registry'
import { schemaHash } from '../define.ts'
import type { ToolMeta } from '../define.ts'
import { prepareSchema } from '../schema.ts'

/** The durable facts of a tool by name; undefined for a name no tool has. */
export interface ToolFacts {
  get(name: string): ToolMeta | undefined
}

/**
 * The facts of the facade's tools (`own`), then of any other registered tool (`registered`: an
 * MCP server's), built once per definition: a re-registered tool (list_changed) gets new facts.
 */
export function toolFacts(
  own: ReadonlyMap<string, ToolMeta>,
  registered: (name: string) => ToolDefinition | undefined,
): ToolFacts {
  const built = new WeakMap<ToolDefinition, ToolMeta>()
  return {
    get(name) {
      const meta = own.get(name)
      if (meta !== undefined) return meta
      const definition = registered(name)
      if (definition === undefined) return undefined
      let facts = built.get(definition)
      if (facts === undefined) {
        facts = registeredMeta(definition)
        built.set(definition, facts)
      }
      return facts
    },
  }
}

function registeredMeta(definition: ToolDefinition): ToolMeta {
  let input: ReturnType<typeof prepareSchema> | undefined
  return {
    needsApproval: false,
    // why: R-117 — a server that says a call is idempotent may have a crashed call re-run.
    idempotent: definition.annotations?.idempotentHint === true,
    destructive: definition.annotations?.destructiveHint === true,
    replay: 'record',
    revert: undefined,
    check: async (args) => {
      input ??= prepareSchema(definition.name, 'inputSchema', definition.parameters)
      const checked = await (await input).check(args)
      return checked.ok ? [] : checked.violations
    },
    hash: schemaHash(definition.parameters, definition.outputSchema),
  }
}
