import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { createCodeModeServer, McpClient } from '@isocode/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, boot, tiny, until } from './helpers.ts'

let app: App | undefined
let client: Client | undefined
afterEach(async () => {
  await client?.close()
  await app?.dispose()
  client = undefined
  app = undefined
})

async function serve(mode: 'code' | 'both'): Promise<Client> {
  app = await boot(mode)
  await app.root.plugin(McpClient, tiny())
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createCodeModeServer(app.root).connect(serverSide)
  client = new Client({ name: 'test-client', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

const textOf = (result: Record<string, unknown>): string =>
  (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? `[${block.type}]`).join('\n')

describe('createCodeModeServer', () => {
  it('code mode lists run_code alone, with the tools:sdk text in its description', async () => {
    const mcp = await serve('code')
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['run_code'])
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['code', 'description'] })
    expect(tools[0]?.description).toContain('declare const tools: {')
    expect(tools[0]?.description).toContain('  pid: (args: {}) => Promise<string>;')
  })

  it('runs a program through run_code against the bridged tools', async () => {
    const mcp = await serve('code')
    const result = await mcp.callTool({
      name: 'run_code',
      arguments: { code: 'const pid = await tools.pid({}); return /^\\d+$/.test(pid)', description: 'check pid' },
    })
    expect(result.isError).toBe(false)
    expect(textOf(result)).toBe('true')
    const failed = await mcp.callTool({
      name: 'run_code',
      arguments: { code: 'throw new Error("nope")', description: 'fail' },
    })
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toContain('nope')
  })

  it('both mode also lists the native tools and calls them directly', async () => {
    const mcp = await serve('both')
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['run_code', 'pid', 'hang']))
    expect(textOf(await mcp.callTool({ name: 'pid', arguments: {} }))).toMatch(/^\d+$/)
  })

  it("run_code's description points at the SDK below it, not at a system prompt", async () => {
    const mcp = await serve('code')
    const description = (await mcp.listTools()).tools[0]?.description ?? ''
    expect(description).not.toContain('system prompt')
    expect(description).toMatch(/^Run a TypeScript program that calls the `tools` SDK described below\./)
    expect(description.indexOf('The SDK:')).toBeGreaterThan(0)
  })

  it('one upstream list_changed becomes one notification, and so does the upstream server dying', async () => {
    const mcp = await serve('both')
    let changed = 0
    mcp.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
    await mcp.callTool({ name: 'add_tool', arguments: {} })
    expect(await until(() => app?.root.tools.get('extra_5') !== undefined)).toBe(true)
    expect(await until(() => changed > 0)).toBe(true)
    // why: a second notification of the same burst would arrive well within this quiet time.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(changed).toBe(1)

    const pid = Number(textOf(await mcp.callTool({ name: 'pid', arguments: {} })))
    process.kill(pid)
    expect(await until(() => app?.root.tools.get('pid') === undefined)).toBe(true)
    expect(await until(() => changed > 1)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(changed).toBe(2)
  })

  it('announces registry changes as tools/list_changed', async () => {
    const mcp = await serve('both')
    let changed = 0
    mcp.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
    await mcp.callTool({ name: 'add_tool', arguments: {} })
    expect(await until(() => changed > 0)).toBe(true)
    expect(await until(() => app?.root.tools.get('extra_5') !== undefined)).toBe(true)
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('extra_5')
  })
})
