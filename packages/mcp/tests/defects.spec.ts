// Defects of the bridge: errors name the SDK member, a handshake that never comes ends
// at the start timeout, and a failed start is one line with the server's stderr tail.
import { McpBridgeError, McpClient } from '@isocode/mcp'
import { renameTool } from '../src/content.ts'
import type { McpServerConfig } from '@isocode/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, boot, everything, textOf, tiny, until } from './helpers.ts'

let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

async function startFailure(config: McpServerConfig): Promise<McpBridgeError> {
  app = await boot('native')
  const error: unknown = await app.root.plugin(McpClient, config).then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof McpBridgeError)) throw new Error(`expected a McpBridgeError, got ${String(error)}`)
  return error
}

describe('tool errors name the SDK member', () => {
  it('renameTool rewrites "tool <remote>" mentions only', () => {
    expect(renameTool('Invalid arguments for tool get-sum: bad a', 'get-sum', 'everything__get-sum')).toBe(
      'Invalid arguments for tool everything__get-sum: bad a',
    )
    expect(renameTool('Tool "get-sum" failed', 'get-sum', 'everything__get-sum')).toBe(
      'Tool "everything__get-sum" failed',
    )
    // why: a plain word that happens to equal the tool name is left alone.
    expect(renameTool('could not read the file', 'read', 'fs__read')).toBe('could not read the file')
    expect(renameTool('tool get-summary failed', 'get-sum', 'everything__get-sum')).toBe('tool get-summary failed')
    expect(renameTool('tool get-sum failed', 'get-sum', 'get-sum')).toBe('tool get-sum failed')
  })

  it('a wrong-arguments error of a namespaced server tool names everything__get-sum', async () => {
    app = await boot('code')
    await app.root.plugin(McpClient, everything({ namespace: true }))
    const result = await app.runCode(`return await tools['everything__get-sum']({ a: 'x', b: 1 })`)
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('tool everything__get-sum')
    expect(textOf(result)).not.toMatch(/tool get-sum\b/)
  })
})

describe('list_changed refreshes', () => {
  it('touch only the tools that changed, so the others stay callable throughout', async () => {
    app = await boot('native')
    await app.root.plugin(McpClient, tiny())
    const changed: string[][] = []
    app.root.on('tools/change', (change) => void changed.push([change.kind, ...change.names]))
    const calls = Array.from({ length: 5 }, () => app?.call('pid'))
    expect(textOf(await app.call('add_tool'))).toBe('extra_5')
    expect(await until(() => app?.root.tools.get('extra_5') !== undefined)).toBe(true)
    for (const result of await Promise.all([...calls, app.call('pid')])) expect(result?.isError).toBe(false)
    expect(changed).toEqual([['register', 'extra_5']])
  })
})

describe('start failures', () => {
  it('a server that never answers the handshake fails at startTimeoutMs, naming the timeout', async () => {
    const error = await startFailure({ name: 'sleepy', command: 'sleep', args: ['1000'], startTimeoutMs: 300 })
    expect(error.code).toBe('SERVER_START_FAILED')
    expect(error.message).toContain(
      'MCP server "sleepy" (sleep 1000) could not be started (no answer to the MCP handshake within 300 ms)',
    )
  })

  it('a server that exits at once is one line ending with its stderr tail', async () => {
    const error = await startFailure({
      name: 'dies',
      command: process.execPath,
      args: ['-e', 'console.error("first line"); console.error("boom: missing API key"); process.exit(3)'],
    })
    expect(error.code).toBe('SERVER_START_FAILED')
    expect(error.message).not.toContain('\n')
    expect(error.message).toMatch(
      /^MCP server "dies" \(.+\) could not be started \(.+\); check the command or URL.+; its stderr ended with: first line \| boom: missing API key$/,
    )
  })
})
