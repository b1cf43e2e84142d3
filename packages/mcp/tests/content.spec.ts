import { McpBridgeError } from '@isocode/mcp'
import { toContentBlocks, toToolOutput } from '../src/content.ts'
import { describe, expect, it } from 'vitest'

const failedRead = (): unknown =>
  toToolOutput('fs', 'read', { content: [{ type: 'text', text: 'ENOENT: no such file' }], isError: true })

describe('MCP content mapping', () => {
  it('keeps the registry fields of each block type and drops annotations', () => {
    const blocks = toContentBlocks([
      { type: 'text', text: 'hi', annotations: { priority: 1 } },
      { type: 'image', data: 'AAAA', mimeType: 'image/png', _meta: { x: 1 } },
      { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'body' } },
      { type: 'resource_link', uri: 'file:///b', name: 'b', description: 'a link', title: 'B' },
      { type: 'hologram' },
    ])
    expect(blocks).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'body' } },
      { type: 'resource_link', uri: 'file:///b', name: 'b', description: 'a link' },
      { type: 'text', text: '[unsupported hologram content from the MCP server]' },
    ])
  })

  it('returns bare content, or content plus structuredContent', () => {
    expect(toToolOutput('s', 't', { content: [{ type: 'text', text: 'x' }] })).toEqual([{ type: 'text', text: 'x' }])
    expect(toToolOutput('s', 't', { content: [], structuredContent: { n: 1 } })).toEqual({
      content: [],
      structuredContent: { n: 1 },
    })
  })

  it('throws a TOOL_ERROR carrying the server text for an isError result', () => {
    expect(failedRead).toThrow(McpBridgeError)
    expect(failedRead).toThrow(/^ENOENT: no such file$/)
    expect(() => toToolOutput('fs', 'read', { isError: true })).toThrow(
      'MCP server "fs": tool "read" failed without a message',
    )
  })
})
