// The tools:sdk prompt section: instructions, the error class, the named aliases of `$ref`s and
// one `declare const tools` member per tool, in code-unit order of the names.
import { TypeAliases } from './aliases.ts'
import { CodegenError, describeValue } from './errors.ts'
import { SDK_ERROR_CLASS, SDK_INSTRUCTIONS } from './instructions.ts'
import { jsonSchemaToTs } from './schema-to-ts.ts'
import { findSharedShapes } from './shared-shapes.ts'
import { jsdoc, pascalCase, propertyKey } from './text.ts'

/**
 * A tool as the model sees it, the one definition every package shares: the fields of a
 * tools/list entry plus the group the compact section lists it under. `Schema` is `unknown` for
 * the renderer's input and a JSON object in the registry, the harness and on the wire.
 */
export interface ToolSchema<Schema = unknown> {
  name: string
  description?: string
  /** The JSON Schema of the arguments object (MCP `inputSchema`). */
  parameters: Schema
  /** JSON Schema of the tool's structured result (MCP `outputSchema`); absent = the result is text. */
  outputSchema?: Schema
  /** The group the compact section lists the tool under (e.g. its MCP server); absent = its name prefix. Never sent to the model as a field. */
  group?: string
}

/** Options of {@link renderToolsSdk}. */
export interface RenderToolsSdkOptions {
  /** Include the usage-instructions comment at the top (default `true`). */
  instructions?: boolean
  /** Declare object shapes that several places repeat once, as a named type (default `true`). */
  sharedTypes?: boolean
}

const INDENT = '  '

/**
 * Render the exact text of the `tools:sdk` prompt section for a set of tools. Byte-identical
 * for the same set in any order; throws {@link CodegenError} only for a bad or duplicate name.
 */
export function renderToolsSdk(tools: readonly ToolSchema[], options: RenderToolsSdkOptions = {}): string {
  const sorted = sortTools(tools)
  const aliases = new TypeAliases()
  const roots = sorted.flatMap((tool) => [tool.parameters, tool.outputSchema])
  const shared = options.sharedTypes === false ? undefined : findSharedShapes(roots, (node) => jsonSchemaToTs(node))
  let members = ''
  for (const tool of sorted) members += renderMember(tool, aliases, INDENT, shared?.byNode)
  const blocks: string[] = []
  if (options.instructions !== false) blocks.push(SDK_INSTRUCTIONS)
  blocks.push(SDK_ERROR_CLASS)
  if (shared !== undefined && shared.shapes.length > 0) {
    blocks.push(
      shared.shapes
        .map((s) => `type ${s.name} = ${jsonSchemaToTs(s.representative, { shared: shared.byNode })};\n`)
        .join(''),
    )
  }
  if (aliases.declarations.length > 0) {
    blocks.push(aliases.declarations.map((a) => `${jsdoc(a.description, '')}type ${a.name} = ${a.type};\n`).join(''))
  }
  blocks.push(members === '' ? 'declare const tools: {};\n' : `declare const tools: {\n${members}};\n`)
  return blocks.join('\n')
}

/** Validated tools in code-unit order of their names; throws {@link CodegenError} like {@link renderToolsSdk}. */
export function sortTools(tools: readonly ToolSchema[]): ToolSchema[] {
  return validate(tools).toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * One tool's declaration on its own, exactly as the full section would declare it: the aliases
 * its schemas need, then its member line (what `tools.$describe` returns).
 */
export function renderToolDeclaration(tool: ToolSchema): string {
  const aliases = new TypeAliases()
  const member = renderMember(tool, aliases, '')
  const types = aliases.declarations.map((a) => `${jsdoc(a.description, '')}type ${a.name} = ${a.type};\n`).join('')
  return types + member
}

// why: the one place a tool becomes a member: a declared output schema types the resolved value
// (the runtime resolves such calls with their structuredContent), anything else resolves to text.
function renderMember(
  tool: ToolSchema,
  aliases: TypeAliases,
  indent = INDENT,
  shared?: ReadonlyMap<object, string>,
): string {
  const prefix = pascalCase(tool.name)
  const args = jsonSchemaToTs(tool.parameters, {
    aliases,
    aliasPrefix: prefix,
    indent,
    ...(shared === undefined ? {} : { shared }),
  })
  const output =
    tool.outputSchema === undefined
      ? 'string'
      : jsonSchemaToTs(tool.outputSchema, {
          aliases,
          aliasPrefix: `${prefix}Output`,
          indent,
          ...(shared === undefined ? {} : { shared }),
        })
  return `${jsdoc(tool.description, indent)}${indent}${propertyKey(tool.name)}: (args: ${args}) => Promise<${output}>;\n`
}

function validate(tools: readonly ToolSchema[]): readonly ToolSchema[] {
  if (!Array.isArray(tools)) {
    throw new CodegenError('INVALID_TOOL_LIST', undefined, undefined, `renderToolsSdk: got ${describeValue(tools)}`)
  }
  const seen = new Set<string>()
  tools.forEach((tool: unknown, index) => {
    const name: unknown = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined
    if (typeof name !== 'string' || name === '') {
      const detail = `renderToolsSdk: tools[${index}].name is ${describeValue(name)}`
      throw new CodegenError('INVALID_TOOL_NAME', name, index, detail)
    }
    if (seen.has(name)) {
      const detail = `renderToolsSdk: tools[${index}].name ${describeValue(name)} is already used by an earlier tool`
      throw new CodegenError('DUPLICATE_TOOL_NAME', name, index, detail)
    }
    seen.add(name)
  })
  return tools
}
