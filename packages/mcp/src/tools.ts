import type { JsonObject, ToolDefinition, ToolExecution, ToolOutput } from '@isocode/registry'

/** The fields of an MCP `tools/list` entry the bridge reads. */
export interface McpToolInfo {
  name: string
  description?: string
  inputSchema: unknown
  outputSchema?: unknown
  execution?: { taskSupport?: string }
  /** MCP tool annotations: hints the server gives about the tool's effects. */
  annotations?: McpToolHints
}

/** The MCP tool annotations the workspace reads (hints, never guarantees: a server may say anything). */
export interface McpToolHints {
  destructiveHint?: boolean
  idempotentHint?: boolean
  readOnlyHint?: boolean
}

// why: the registry keeps a detached copy of the fields a ToolDefinition names and no others, so
// the hints of an MCP tool are kept here, by its server (the definition's group) and its name.
const hintsByTool = new Map<string, McpToolHints>()
const hintKey = (group: string, name: string): string => `${group}\u0000${name}`

/** The MCP annotations of a registered tool, or undefined for a tool that is not an MCP server's. */
export function mcpToolHints(definition: Pick<ToolDefinition, 'name' | 'group'>): McpToolHints | undefined {
  return definition.group === undefined ? undefined : hintsByTool.get(hintKey(definition.group, definition.name))
}

/** Tool names the bridge registers: MCP's recommended 1-128 characters of `A-Z a-z 0-9 _ - . /`. */
export const TOOL_NAME = /^[A-Za-z0-9_./-]{1,128}$/

/** Separator between the server name and the tool name of a namespaced tool. */
export const NAMESPACE_SEPARATOR = '__'

/** How a registered tool reaches its server: the server-side name, arguments and the call's signal. */
export type ForwardCall = (tool: string, args: JsonObject, exec: ToolExecution) => Promise<ToolOutput>

/** One tools/list entry turned into a definition, or why it was skipped. */
export type Mapped = { ok: true; definition: ToolDefinition } | { ok: false; tool: string; reason: string }

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Map one MCP tool to a registry definition with its raw JSON Schemas (input and output), named
 * `server__tool` when `namespace` is on; calls go through `forward`.
 */
export function toDefinition(
  server: string,
  namespace: boolean,
  tool: McpToolInfo,
  forward: ForwardCall,
  concurrencySafe = false,
): Mapped {
  const remote = tool.name
  if (typeof remote !== 'string' || !TOOL_NAME.test(remote)) {
    return { ok: false, tool: String(remote), reason: 'the name is not 1-128 characters of A-Z a-z 0-9 _ - . /' }
  }
  if (!isObject(tool.inputSchema)) return { ok: false, tool: remote, reason: 'inputSchema is not a JSON Schema object' }
  // why: a task-only tool rejects plain tools/call requests, so offering it could only fail.
  if (tool.execution?.taskSupport === 'required')
    return { ok: false, tool: remote, reason: 'it requires task-based execution, which the bridge does not support' }
  const definition: ToolDefinition = {
    name: namespace ? `${server}${NAMESPACE_SEPARATOR}${remote}` : remote,
    parameters: tool.inputSchema,
    execute: (args, exec) => forward(remote, args, exec),
    // why: an MCP server's tools form one group in the compact tools:sdk section.
    group: server,
  }
  if (typeof tool.description === 'string') definition.description = tool.description
  if (isObject(tool.outputSchema)) definition.outputSchema = tool.outputSchema
  if (concurrencySafe) definition.concurrencySafe = true
  const key = hintKey(server, definition.name)
  if (!isObject(tool.annotations)) hintsByTool.delete(key)
  else {
    const { destructiveHint, idempotentHint, readOnlyHint } = tool.annotations
    hintsByTool.set(key, {
      ...(typeof destructiveHint === 'boolean' ? { destructiveHint } : {}),
      ...(typeof idempotentHint === 'boolean' ? { idempotentHint } : {}),
      ...(typeof readOnlyHint === 'boolean' ? { readOnlyHint } : {}),
    })
  }
  return { ok: true, definition }
}
