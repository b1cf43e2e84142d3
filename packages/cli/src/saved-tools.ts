import { isPlainObject } from '@isocode/code-runtime'
import { readFile } from 'node:fs/promises'
import type { JsonObject, ToolDefinition } from '@isocode/registry'
import { CliError } from './errors.ts'

// why: people save tools/list in three shapes: the bare array, the result `{ tools }`, or the
// whole JSON-RPC response `{ result: { tools } }`.
function toolList(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data
  if (isPlainObject(data) && Array.isArray(data.tools)) return data.tools
  if (isPlainObject(data) && isPlainObject(data.result) && Array.isArray(data.result.tools)) return data.result.tools
  return undefined
}

/**
 * Definitions for a saved MCP `tools/list` result (`--tools FILE.json`): their schemas as the
 * server listed them, for `isocode sdk`; calling one fails with a message saying how to connect.
 */
export async function savedToolDefinitions(path: string): Promise<ToolDefinition[]> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new CliError(
      `--tools ${path}: not a readable JSON file (${error instanceof Error ? error.message : String(error)}); save a tools/list result as JSON`,
      'INPUT',
    )
  }
  const list = toolList(data)
  if (list === undefined)
    throw new CliError(
      `--tools ${path}: expected a tools/list result ({ "tools": [...] }) or an array of tools`,
      'INPUT',
    )
  return list.map((entry, index) => {
    if (!isPlainObject(entry) || typeof entry.name !== 'string')
      throw new CliError(`--tools ${path}: tools[${index}] has no string "name"`, 'INPUT')
    const name = entry.name
    const parameters = entry.inputSchema ?? entry.parameters
    if (!isPlainObject(parameters))
      throw new CliError(`--tools ${path}: tool "${name}" has no inputSchema object`, 'INPUT')
    const definition: ToolDefinition = {
      name,
      parameters: parameters as JsonObject,
      execute: async () => {
        throw new Error(
          `tool "${name}" comes from the saved tools/list ${path}; connect its server with --mcp to call it`,
        )
      },
    }
    if (typeof entry.description === 'string') definition.description = entry.description
    if (isPlainObject(entry.outputSchema)) definition.outputSchema = entry.outputSchema as JsonObject
    return definition
  })
}
