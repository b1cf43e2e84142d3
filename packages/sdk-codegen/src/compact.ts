// The compact tools:sdk section for tool sets over the byte budget: the usage rules, the tool
// groups and the two discovery members, instead of one declaration per tool.
import { toolGroups } from './groups.ts'
import { SANDBOX_LINES, SDK_ERROR_CLASS, TOOL_CALL_ERROR_CLASS, TOOL_CALL_ERROR_TOOL_PROPERTY } from './instructions.ts'
import { sortTools, type ToolSchema } from './render-sdk.ts'
import { oneLine } from './text.ts'

/** The discovery member that ranks tools for a query; not a tool, never dispatched. */
export const SEARCH_MEMBER = '$search'
/** The discovery member that returns one tool's declaration; not a tool, never dispatched. */
export const DESCRIBE_MEMBER = '$describe'
/** Matches `$search` returns when the program passes no `limit`. */
export const DEFAULT_SEARCH_LIMIT = 5
/** The largest `limit` `$search` accepts. */
export const MAX_SEARCH_LIMIT = 50

// why: enough words per group to phrase a query, few enough that 500 tools stay under 3 KB.
const GROUP_WORDS = 12

function usage(count: number): string {
  return `/*
 * tools:sdk — call these tools from a run_code program.
 *
 * - The program is the body of an async function: use \`await\` at the top level and \`return\`
 *   a value when you are done. There is no \`import\` or \`require\`. Write erasable TypeScript.
 * - ${count} ${count === 1 ? 'tool is' : 'tools are'} connected, too many to declare here. Find them first, in one run:
 *   \`await tools.${SEARCH_MEMBER}("words", { limit: 5 })\` resolves to the best matches (BM25 over
 *   names and descriptions) as { name, declaration }; \`await tools.${DESCRIBE_MEMBER}("name")\` to one
 *   tool's declaration. Print what you found, then call tools in the next run.
 * - Every tool is callable as \`await tools.name(args)\` (quoted for other names:
 *   \`tools["my-tool"](args)\`) with one object of arguments, described or not. ${SEARCH_MEMBER} and
 *   ${DESCRIBE_MEMBER} are not tools: no tool name starts with "$".
 * - Calls start in the order they were made and run one at a time, even under Promise.all,
 *   except calls to tools the host marks concurrency-safe: those overlap under Promise.all.
 * - A failed call rejects with a ${TOOL_CALL_ERROR_CLASS}; its \`${TOOL_CALL_ERROR_TOOL_PROPERTY}\` property names the tool.
 * - Only what you print with console.log or return comes back to you. A result is text unless
 *   its declaration names another type.
${SANDBOX_LINES} */
`
}

const DISCOVERY = `/** One ${SEARCH_MEMBER} match: the tool's name and its TypeScript declaration. */
interface ToolMatch {
  name: string;
  declaration: string;
}

declare const tools: {
  /** Tools ranked for \`query\`, best first; \`limit\` 1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}. */
  ${SEARCH_MEMBER}(query: string, options?: { limit?: number }): Promise<ToolMatch[]>;
  /** The declaration of the tool \`name\`. */
  ${DESCRIBE_MEMBER}(name: string): Promise<string>;
  [name: string]: (args: any) => Promise<any>;
};
`

/**
 * Render the compact tools:sdk section: byte-identical for the same set in any order. Throws
 * {@link CodegenError} for a bad or duplicate name, like the full section.
 */
export function renderCompactSdk(tools: readonly ToolSchema[]): string {
  const sorted = sortTools(tools)
  const lines = toolGroups(sorted, GROUP_WORDS).map((group) => {
    const words = group.words.length === 0 ? '' : `: ${group.words.map((w) => oneLine(w)).join(', ')}`
    return ` * ${oneLine(group.name)} (${group.size})${words}\n`
  })
  const groups = `/*\n * Tool groups (tools in the group): the words their names use most.\n${lines.join('')} */\n`
  return [usage(sorted.length), SDK_ERROR_CLASS, DISCOVERY, groups].join('\n')
}
