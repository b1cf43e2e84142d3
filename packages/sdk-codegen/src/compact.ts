// The compact tools:sdk section for tool sets over the byte budget: the usage rules, a fixed-size
// hint (tool and group counts) and the two discovery members, instead of one declaration per tool.
// Its size does not grow with the tool set: the groups are one `tools.$describe()` away.
import { toolGroupOf } from './groups.ts'
import { SDK_ERROR_CLASS, SDK_HEADER, SDK_RULES } from './instructions.ts'
import { sortTools, type ToolSchema } from './render-sdk.ts'

/** The discovery member that ranks tools for a query; not a tool, never dispatched. */
export const SEARCH_MEMBER = '$search'
/** The discovery member that returns one tool's declaration, or the group listing; not a tool, never dispatched. */
export const DESCRIBE_MEMBER = '$describe'
/** Matches `$search` returns when the program passes no `limit`. */
export const DEFAULT_SEARCH_LIMIT = 5
/** The largest `limit` `$search` accepts. */
export const MAX_SEARCH_LIMIT = 50

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

// why: what $search and $describe return is said once, in their JSDoc below; the usage line only
// says that the tools are not declared and how a program gets to them.
function usage(tools: number, groups: number): string {
  return `/*
${SDK_HEADER} * - ${plural(tools, 'tool', 'tools')} in ${plural(groups, 'group', 'groups')}, too many to declare here. Find them
 *   with \`tools.${SEARCH_MEMBER}\` or \`tools.${DESCRIBE_MEMBER}\` (below), print them, then call them in the next run.
${SDK_RULES} */
`
}

const DISCOVERY = `declare const tools: {
  /** Tools for \`query\`, best first, with their declarations; \`limit\` 1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}. */
  ${SEARCH_MEMBER}(query: string, options?: { limit?: number }): Promise<{ name: string; declaration: string }[]>;
  /** The declaration of the tool \`name\`; without a name, the tool groups. */
  ${DESCRIBE_MEMBER}(name?: string): Promise<string>;
  [name: string]: (args: any) => Promise<any>;
};
`

/**
 * Render the compact tools:sdk section: byte-identical for the same set in any order, and the
 * same size whatever the tools say. Throws {@link CodegenError} for a bad or duplicate name,
 * like the full section.
 */
export function renderCompactSdk(tools: readonly ToolSchema[]): string {
  const sorted = sortTools(tools)
  return [usage(sorted.length, new Set(sorted.map(toolGroupOf)).size), SDK_ERROR_CLASS, DISCOVERY].join('\n')
}
