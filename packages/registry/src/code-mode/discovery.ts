import type { CodeBinding, JsonValue } from '@isocode/code-runtime'
import {
  closestNames,
  DEFAULT_SEARCH_LIMIT,
  DESCRIBE_MEMBER,
  MAX_SEARCH_LIMIT,
  renderToolDeclaration,
  renderToolGroups,
  SEARCH_MEMBER,
  ToolSearchIndex,
} from '@isocode/sdk-codegen'
import type { ToolDefinition } from '../types.ts'
import { sdkTools } from './sdk-section.ts'
import type { ProgramLibrary } from './programs/library.ts'

/** How `tools.$search` and `tools.$describe` name a saved program: `programs.<name>` (R-124). */
const PROGRAM_PREFIX = 'programs.'

/**
 * Positional arguments of a discovery call. The runtime passes a `$` member's arguments as one
 * JSON array; a backend that passes only the first argument still works for one-argument calls.
 */
function positional(args: unknown): unknown[] {
  return Array.isArray(args) ? args : [args]
}

function refuse(member: string): Promise<never> {
  return Promise.reject(new Error(`tools.${member} was called after the program settled`))
}

function shown(value: unknown): string {
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value))
}

/** Text of the "no such tool" message with up to 3 closest names (shared with the member proxy). */
export function unknownToolText(call: string, name: string, names: readonly string[]): string {
  const near = closestNames(name, names)
  const hint =
    near.length === 0
      ? `find one with tools.${SEARCH_MEMBER}("words")`
      : `did you mean ${near.map((n) => `tools${accessor(n)}`).join(', ')}?`
  return `${call}: there is no tool named ${JSON.stringify(name)}; ${hint}`
}

/** How a program reaches member `name`: `.name` or `["my-tool"]`. */
export function accessor(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`
}

/**
 * The discovery members of the `tools` namespace: `$search(query, { limit })` ranks the tools with
 * BM25, `$describe(name)` returns one declaration and `$describe()` the group listing. They read
 * the run's tool list only: no pipeline, no dispatch events, no call numbers. `closed` refuses them after the run settled.
 */
export function discoveryMembers(
  tools: readonly ToolDefinition[],
  closed: () => boolean,
  library?: ProgramLibrary,
): Record<string, CodeBinding> {
  const schemas = sdkTools(tools)
  const byName = new Map(schemas.map((tool) => [tool.name, tool]))
  // why: R-124 — saved programs are searched beside the tools, by name and description.
  const programs = library?.store === undefined ? [] : library.declarations(tools)
  const programSchemas = programs.map((program) => ({
    name: `${PROGRAM_PREFIX}${program.name}`,
    description: program.description,
    parameters: program.inputSchema ?? {},
  }))
  let index: ToolSearchIndex | undefined

  const search: CodeBinding = async (args) => {
    if (closed()) return refuse(SEARCH_MEMBER)
    const [query, options] = positional(args)
    const usage = `tools.${SEARCH_MEMBER}(query, { limit })`
    if (typeof query !== 'string' || query.trim() === '')
      throw new Error(`${usage}: query must be a non-empty string of words, got ${shown(query)}`)
    const limit = options === undefined || options === null ? undefined : (options as { limit?: unknown }).limit
    if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
      throw new Error(`${usage}: the second argument must be an object like { limit: 5 }, got ${shown(options)}`)
    }
    if (
      limit !== undefined &&
      (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT)
    ) {
      throw new Error(`${usage}: limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${shown(limit)}`)
    }
    // why: built on first use, so runs that never search pay nothing for the index.
    index ??= new ToolSearchIndex(programSchemas.length === 0 ? schemas : [...schemas, ...programSchemas])
    const hits = index.search(query, typeof limit === 'number' ? limit : DEFAULT_SEARCH_LIMIT)
    return hits.map((hit): JsonValue => {
      const tool = byName.get(hit.name)
      if (tool === undefined && hit.name.startsWith(PROGRAM_PREFIX)) {
        const declaration = library?.describe(hit.name.slice(PROGRAM_PREFIX.length), tools) ?? ''
        return { name: hit.name, kind: 'program', declaration }
      }
      return { name: hit.name, declaration: tool === undefined ? '' : renderToolDeclaration(tool) }
    })
  }

  const describe: CodeBinding = async (args) => {
    if (closed()) return refuse(DESCRIBE_MEMBER)
    const [name] = positional(args)
    // why: the compact section lists no groups (it stays flat at any size); this is where they are.
    if (name === undefined) return renderToolGroups(schemas)
    if (typeof name !== 'string')
      throw new Error(`tools.${DESCRIBE_MEMBER}(name): name must be a tool name string, got ${shown(name)}`)
    const tool = byName.get(name)
    const program =
      tool === undefined && name.startsWith(PROGRAM_PREFIX)
        ? library?.describe(name.slice(PROGRAM_PREFIX.length), tools)
        : undefined
    if (program !== undefined) return program
    if (tool === undefined)
      throw new Error(
        unknownToolText(`tools.${DESCRIBE_MEMBER}`, name, [
          ...byName.keys(),
          ...programSchemas.map((schema) => schema.name),
        ]),
      )
    return renderToolDeclaration(tool)
  }

  return { [SEARCH_MEMBER]: search, [DESCRIBE_MEMBER]: describe }
}
