import { McpBridgeError, mcpServerConfigs, splitCommandLine } from '@isocode/mcp/spec'
import { describe, expect, it } from 'vitest'

// The parsing both the CLI's --mcp and createCodeMode's `mcp` use; the CLI's own cases are in
// packages/cli/tests/mcp-spec.spec.ts.
function thrown(values: string[]): unknown {
  try {
    mcpServerConfigs(values, { label: 'mcp[0]' })
  } catch (error) {
    return error
  }
  return undefined
}

describe('mcpServerConfigs', () => {
  it("names its failures INVALID_CONFIG under the caller's label", () => {
    expect(thrown(['node "x'])).toMatchObject({
      code: 'INVALID_CONFIG',
      message: 'mcp[0] "node "x": unclosed " quote; close it or drop it',
    })
    expect(thrown(['  '])).toBeInstanceOf(McpBridgeError)
    expect(thrown(['http://'])).toMatchObject({ code: 'INVALID_CONFIG', message: 'mcp[0] "http://": not a valid URL' })
    expect(thrown(['A=1'])).toMatchObject({ message: 'mcp[0] "A=1": no command to run' })
  })

  it('passes the handshake bound to every config and namespaces two or more servers', () => {
    expect(
      mcpServerConfigs(['npx -y @modelcontextprotocol/server-memory', 'https://example.com/mcp'], {
        startTimeoutMs: 500,
      }),
    ).toEqual([
      {
        name: 'memory',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        namespace: true,
        startTimeoutMs: 500,
      },
      { name: 'example-com', url: 'https://example.com/mcp', namespace: true, startTimeoutMs: 500 },
    ])
    expect(splitCommandLine('a "b c"')).toEqual(['a', 'b c'])
  })
})
