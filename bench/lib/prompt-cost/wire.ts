// Tool definitions in the JSON the model's API receives (OpenAI function tools, MCP tools/list),
// priced as the model reads them: compact JSON whose string contents are shown unescaped, since a
// provider renders a description into the prompt as text (escaping would charge a multi-line
// description for every `\n` and `\"`, and charge code-mode forms the most).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'

/** A function tool as an API receives it: name, description and the JSON Schema of its arguments. */
export interface WireFunction {
  name: string
  description?: string | undefined
  parameters: unknown
}

const UNESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '/': '/' }

/** Compact JSON of `value` with the escapes inside its strings decoded (`\u` escapes kept). */
export function readableJson(value: unknown): string {
  // why: one left-to-right pass, so an escaped backslash before an `n` stays a backslash and an `n`.
  return JSON.stringify(value).replace(/\\(["\\/nrt])/g, (_, c: string) => UNESCAPED[c] ?? c)
}

/** `functions` as the `tools` array of an OpenAI Chat Completions request, as {@link readableJson}. */
export function openAiToolsText(functions: readonly WireFunction[]): string {
  return readableJson(
    functions.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, ...(description === undefined ? {} : { description }), parameters },
    })),
  )
}

/**
 * The `tools/list` result an MCP client receives from `server` (connected here over an in-memory
 * pair and closed after), as {@link readableJson}.
 */
export async function mcpToolsListText(server: Pick<Server, 'connect' | 'close'>): Promise<string> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'isocode-prompt-cost', version: '1.0.0' })
  try {
    await client.connect(clientSide)
    return readableJson(await client.listTools())
  } finally {
    await client.close()
    await server.close()
  }
}
