import { contentToText } from '@isocode/registry'
import type { ContentBlock, JsonObject, JsonValue, ToolOutput } from '@isocode/registry'
import { McpBridgeError } from './errors.ts'

/** The part of an MCP `tools/call` result the bridge reads. */
export interface McpCallResult {
  content?: unknown[]
  structuredContent?: unknown
  isError?: boolean
}

type Block = Record<string, unknown>

const str = (value: unknown): value is string => typeof value === 'string'

// why: only the fields the registry's ContentBlock names are kept, so annotations and `_meta`
// (client-side hints) never reach the model or fail the lossless-JSON check.
function toBlock(block: Block): ContentBlock {
  switch (block.type) {
    case 'text':
      if (str(block.text)) return { type: 'text', text: block.text }
      break
    case 'image':
    case 'audio':
      if (str(block.data) && str(block.mimeType))
        return { type: block.type, data: block.data, mimeType: block.mimeType }
      break
    case 'resource':
      if (typeof block.resource === 'object' && block.resource !== null)
        return { type: 'resource', resource: block.resource as JsonObject }
      break
    case 'resource_link':
      if (str(block.uri) && str(block.name)) {
        const link: ContentBlock = { type: 'resource_link', uri: block.uri, name: block.name }
        if (str(block.description)) link.description = block.description
        if (str(block.mimeType)) link.mimeType = block.mimeType
        return link
      }
      break
  }
  // why: a block type newer than this bridge still tells the model something came back.
  return { type: 'text', text: `[unsupported ${String(block.type)} content from the MCP server]` }
}

/** MCP content blocks as registry ContentBlocks. */
export function toContentBlocks(content: readonly unknown[] | undefined): ContentBlock[] {
  return (content ?? []).map((block) =>
    toBlock(typeof block === 'object' && block !== null ? (block as Block) : { type: typeof block }),
  )
}

const escapeRegExp = (text: string): string => text.replaceAll(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/**
 * The server's error text with `tool <remote>` (optionally quoted) naming `member`, the SDK name
 * the program called, instead of the server-side name it never saw.
 */
export function renameTool(text: string, remote: string, member: string): string {
  if (remote === member) return text
  const mention = new RegExp(`\\b(tool\\s+)(["'\`]?)${escapeRegExp(remote)}\\2(?![A-Za-z0-9_./-])`, 'gi')
  return text.replace(mention, (_match, word: string, quote: string) => `${word}${quote}${member}${quote}`)
}

/**
 * Turn an MCP `tools/call` result into the registry's tool output: content blocks plus the
 * `structuredContent` value when there is one. An `isError` result throws a TOOL_ERROR whose
 * message is the server's own text (with `tool <name>` naming `member`, the registered name, when
 * it differs), so the registry's isError result shows it.
 */
export function toToolOutput(server: string, tool: string, result: McpCallResult, member: string = tool): ToolOutput {
  const content = toContentBlocks(result.content)
  if (result.isError === true) {
    const text = renameTool(contentToText(content), tool, member)
    throw new McpBridgeError(
      text === '' ? `MCP server "${server}": tool "${member}" failed without a message` : text,
      'TOOL_ERROR',
      server,
    )
  }
  if (result.structuredContent === undefined) return content
  return { content, structuredContent: result.structuredContent as JsonValue }
}
