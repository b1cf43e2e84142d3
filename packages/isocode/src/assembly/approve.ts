// The facade's and CLI's `approve` option: tool-name globs and `destructive`, and the hints
// a registered tool brings (its annotations, or what the MCP bridge kept of its server's).
import { mcpToolHints } from '@isocode/mcp/internal'
import type { ToolAnnotations, ToolDefinition } from '@isocode/registry'

/**
 * A registered tool's behavioural hints: its definition's `annotations`, else what the MCP
 * bridge kept of its server's annotations; undefined when it has none.
 */
export function toolHints(definition: ToolDefinition): ToolAnnotations | undefined {
  return definition.annotations ?? mcpToolHints(definition)
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
 * `destructive` for a tool whose MCP annotations say `destructiveHint: true`.
 */
export function approvalRule(approve: readonly string[]): (name: string, destructive: boolean) => string | undefined {
  const globs = approve.filter((glob) => glob !== 'destructive').map((glob) => ({ glob, re: globToRegExp(glob) }))
  const destructive = approve.includes('destructive')
  return (name, isDestructive) => {
    if (destructive && isDestructive) return 'destructive'
    return globs.find(({ re }) => re.test(name))?.glob
  }
}
