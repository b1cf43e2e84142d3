// A tool set served as an MCP server's tools/list, for the forms that start from an MCP server
// (direct MCP and Cloudflare's codeMcpServer). Only tools/list is answered.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ToolSet } from './sets.ts'

/** The tools/list entries of `set`, as its server listed them. */
export function mcpTools(set: ToolSet): Tool[] {
  return set.tools.map((t) => ({
    name: t.name,
    ...(t.description === undefined ? {} : { description: t.description }),
    inputSchema: t.parameters as Tool['inputSchema'],
    ...(t.outputSchema === undefined ? {} : { outputSchema: t.outputSchema as Tool['outputSchema'] }),
  }))
}

/** An McpServer (not yet connected) whose tools/list returns `set`. */
export function upstreamServer(set: ToolSet): McpServer {
  const server = new McpServer({ name: set.server, version: '1.0.0' }, { capabilities: { tools: {} } })
  // why: the set's schemas are JSON Schema as saved; McpServer.registerTool wants Zod shapes.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools(set) }))
  return server
}
