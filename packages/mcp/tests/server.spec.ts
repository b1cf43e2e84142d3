import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
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

const error = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )

const textOf = (result: Record<string, unknown>): string =>
  (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? `[${block.type}]`).join('\n')

describe('createCodeModeServer', () => {
  it('code mode lists run_code alone, with the tools:sdk text in its description', async () => {
    const mcp = await serve('code')
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['run_code'])
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['code'] })
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

  it('refuses a tool tools/list did not offer, in every mode, with -32602 naming the tool and the mode (R-96)', async () => {
    const mcp = await serve('code')
    expect(await error(mcp.callTool({ name: 'pid', arguments: {} }))).toMatchObject({
      code: -32_602,
      message:
        'MCP error -32602: Unknown tool: "pid" is not offered by this server in mode "code" (tools/list offers run_code); call it from a program instead: run_code with {"code": "return await tools.pid({ … })"}',
    })
    await client?.close()
    await app?.dispose()
    const both = await serve('both')
    expect(await error(both.callTool({ name: 'nope', arguments: {} }))).toMatchObject({
      code: -32_602,
      message: expect.stringMatching(
        /^MCP error -32602: Unknown tool: "nope" is not offered by this server in mode "both" \(tools\/list offers .*run_code/,
      ),
    })
  })

  it('non-object params or arguments get -32602 saying what was expected (R-97)', async () => {
    const mcp = await serve('code')
    const call = (params: unknown): Promise<unknown> =>
      mcp.request({ method: 'tools/call', params } as never, CallToolResultSchema).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
    expect(await call({ name: 'run_code', arguments: 'return 1' })).toMatchObject({
      code: -32_602,
      message:
        'MCP error -32602: Invalid params: params.arguments must be a JSON object of the tool\'s arguments (e.g. {"code": "return 1"} for run_code), got a string ("return 1")',
    })
    expect(await call({ name: 'run_code', arguments: [1] })).toMatchObject({
      code: -32_602,
      message: expect.stringContaining('params.arguments must be a JSON object'),
    })
    expect(await call({ name: 7 })).toMatchObject({
      code: -32_602,
      message:
        'MCP error -32602: Invalid params: params.name must be the name of a tool from tools/list (a string), got a number (7)',
    })
  })

  it('run_code without a description runs; with a property its schema forbids it is refused by name (R-54)', async () => {
    const mcp = await serve('code')
    expect(await mcp.callTool({ name: 'run_code', arguments: { code: 'return 1' } })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: '1' }],
    })
    const extra = await mcp.callTool({ name: 'run_code', arguments: { code: 'return 1', language: 'ts' } })
    expect(extra.isError).toBe(true)
    expect(textOf(extra)).toContain(
      'args.language: unknown property; run_code takes only code and, optionally, description',
    )
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
