import { McpBridgeError, McpClient } from '@isocode/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, boot, everything, nodeServer, textOf, tiny, until } from './helpers.ts'

let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})
const start = async (mode: 'code' | 'native' = 'native'): Promise<App> => (app = await boot(mode))

describe('McpClient against @modelcontextprotocol/server-everything', () => {
  it('registers the listed tools with their raw schemas and forwards calls', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, everything())
    const names = root.tools.visible().map((tool) => tool.name)
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-structured-content', 'trigger-long-running-operation']),
    )
    // why: a task-only tool cannot be called with tools/call, so it is not offered at all.
    expect(names).not.toContain('simulate-research-query')
    expect(root.tools.get('get-sum')?.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] })
    expect(root.tools.get('get-structured-content')?.outputSchema).toMatchObject({
      type: 'object',
      required: ['temperature', 'conditions', 'humidity'],
    })
    expect(textOf(await call('echo', { message: 'hi there' }))).toBe('Echo: hi there')
    expect(textOf(await call('get-sum', { a: 2, b: 40 }))).toBe('The sum of 2 and 40 is 42.')
  })

  it('carries structuredContent and maps image content', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, everything())
    const weather = await call('get-structured-content', { location: 'Chicago' })
    expect(weather.isError).toBe(false)
    expect(weather.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) })
    const image = await call('get-tiny-image')
    expect(image.content.map((block) => block.type)).toContain('image')
    expect(image.content.find((block) => block.type === 'image')).toMatchObject({
      mimeType: 'image/png',
      data: expect.any(String),
    })
  })

  it('turns an error result into an isError result with the server text', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, everything())
    const result = await call('get-sum', { a: 'not a number', b: 1 })
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'McpBridgeError', code: 'TOOL_ERROR' })
    expect(textOf(result)).toMatch(/invalid/i)
  })

  it('cancels a long-running operation through the execution signal', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, everything())
    const abort = new AbortController()
    const pending = call('trigger-long-running-operation', { duration: 30, steps: 30 }, abort.signal)
    setTimeout(() => abort.abort(new Error('user cancelled')), 300)
    const result = await pending
    expect(result.isError).toBe(true)
    expect(result.error?.code).toBe('ABORTED')
  })

  it('namespaces tools as server__tool when asked', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, everything({ namespace: true }))
    expect(root.tools.get('echo')).toBeUndefined()
    expect(textOf(await call('everything__echo', { message: 'x' }))).toBe('Echo: x')
  })
})

describe('McpClient lifecycle', () => {
  it('cancellation reaches the server', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, tiny())
    const abort = new AbortController()
    const pending = call('wait_for_cancel', {}, abort.signal)
    setTimeout(() => abort.abort(), 100)
    expect((await pending).error?.code).toBe('ABORTED')
    expect(textOf(await call('cancelled'))).toBe('1')
  })

  it('follows tools/list_changed by re-registering', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, tiny())
    const added = textOf(await call('add_tool'))
    expect(added).toBe('extra_5')
    expect(await until(() => root.tools.get('extra_5') !== undefined)).toBe(true)
    expect(textOf(await call('extra_5'))).toBe('extra_5 ran')
    expect(root.tools.visible().filter((tool) => tool.name === 'pid')).toHaveLength(1)
  })

  it('disposes its tools and the connection with the plugin', async () => {
    const { root, call } = await start()
    const fiber = await root.plugin(McpClient, tiny())
    const pid = Number(textOf(await call('pid')))
    await fiber.dispose()
    expect(root.tools.get('pid')).toBeUndefined()
    expect(await until(() => !alive(pid))).toBe(true)
  })

  it('a server that fails to start rejects the load naming it; other servers are unaffected', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, tiny('healthy'))
    const failing = nodeServer('broken', '-e', [], {
      args: ['-e', 'console.error("no config file found"); process.exit(3)'],
    })
    const error = await Promise.resolve(root.plugin(McpClient, failing)).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(McpBridgeError)
    expect(error).toMatchObject({ code: 'SERVER_START_FAILED', server: 'broken' })
    expect((error as Error).message).toContain('MCP server "broken"')
    expect((error as Error).message).toContain('no config file found')
    expect(textOf(await call('pid'))).toMatch(/^\d+$/)
  })

  it('a server killed mid-call fails the call naming it, and its tools disappear', async () => {
    const { root, call } = await start()
    await root.plugin(McpClient, tiny())
    const pid = Number(textOf(await call('pid')))
    const pending = call('hang')
    setTimeout(() => process.kill(pid, 'SIGKILL'), 100)
    const result = await pending
    expect(result.isError).toBe(true)
    expect(result.error?.code).toBe('SERVER_CLOSED')
    expect(textOf(result)).toContain('MCP server "tiny"')
    expect(await until(() => root.tools.get('pid') === undefined)).toBe(true)
  })
})

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
