// The tool sets the prompt-cost suite prices: the first 0 / 10 / 50 / 500 tools of the generated
// set, and the saved tools/list results of three MCP reference servers.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** One tool as the fixture files store it: an MCP tools/list entry with `parameters` for `inputSchema`. */
export interface FixtureTool {
  name: string
  description?: string
  parameters: Record<string, unknown>
  outputSchema?: Record<string, unknown>
}

/** A priced tool set: an id for keys (`500`, `filesystem`), a label for tables, the tools and their server. */
export interface ToolSet {
  readonly id: string
  readonly label: string
  readonly tools: readonly FixtureTool[]
  /** The server the tools come from: UTCP's manual name for them. */
  readonly server: string
  /**
   * The group Isocode's compact form lists them under: the server's name for a bridged MCP server
   * (as `McpClient` registers them); none for the generated set, which is grouped by name.
   */
  readonly group?: string
}

const toolsDir = fileURLToPath(new URL('../../../fixtures/tools/', import.meta.url))

/** The tools of `fixtures/tools/<file>.json`. */
export function loadFixture(file: string): FixtureTool[] {
  return JSON.parse(readFileSync(`${toolsDir}${file}.json`, 'utf8')) as FixtureTool[]
}

/** The first `count` tools of tools-500.json, in file order. */
export function generatedSet(count: number): ToolSet {
  const tools = loadFixture('tools-500').slice(0, count)
  if (tools.length !== count) throw new Error(`bench: tools-500.json has ${tools.length} tools, fewer than ${count}`)
  return { id: String(count), label: `${count} tools`, tools, server: 'tools' }
}

/** The saved tools/list of `@modelcontextprotocol/server-<server>`. */
export function serverSet(server: 'filesystem' | 'memory' | 'everything'): ToolSet {
  const tools = loadFixture(`mcp-${server}`)
  return { id: server, label: `server-${server} (${tools.length})`, tools, server, group: server }
}

/** Every set the suite prices, in table order. */
export function allToolSets(): ToolSet[] {
  return [
    generatedSet(0),
    generatedSet(10),
    generatedSet(50),
    generatedSet(500),
    serverSet('filesystem'),
    serverSet('memory'),
    serverSet('everything'),
  ]
}
