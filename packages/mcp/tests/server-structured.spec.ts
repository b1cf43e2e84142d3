import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { createCodeModeServer, McpClient } from '@isocode/mcp'
import { toCallToolResult } from '../src/server.ts'
import { RUN_CODE_OUTPUT_SCHEMA } from '@isocode/registry'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, boot, tiny } from './helpers.ts'

let app: App | undefined
let client: Client | undefined
afterEach(async () => {
  await client?.close()
  await app?.dispose()
  client = undefined
  app = undefined
})

async function serve(): Promise<Client> {
  app = await boot('code')
  await app.root.plugin(McpClient, tiny())
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createCodeModeServer(app.root).connect(serverSide)
  client = new Client({ name: 'test-client', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

describe('run_code over MCP carries structuredContent (R-77, R-79)', () => {
  it('lists an outputSchema and returns the run as data on success and on failure', async () => {
    const mcp = await serve()
    const { tools } = await mcp.listTools()
    expect(tools[0]?.outputSchema).toEqual(RUN_CODE_OUTPUT_SCHEMA)
    // why: the SDK Client validates structuredContent against the listed outputSchema on every call.
    const ok = await mcp.callTool({
      name: 'run_code',
      arguments: {
        code: 'const pid = await tools.pid({})\nconsole.log("got it")\nreturn { digits: /^\\d+$/.test(pid) }',
        description: 'pid',
      },
    })
    expect(ok.isError).toBe(false)
    expect(ok.structuredContent).toEqual({
      value: { digits: true },
      logs: ['got it'],
      usage: { cpuMs: expect.any(Number), wallMs: expect.any(Number), toolCalls: 1, outputBytes: expect.any(Number) },
    })
    const failed = await mcp.callTool({
      name: 'run_code',
      arguments: { code: 'const a = 1\n  missing()', description: 'fail' },
    })
    expect(failed.isError).toBe(true)
    expect((failed.content as Array<{ text: string }>)[0]?.text).toContain('missing is not defined')
    expect(failed.structuredContent).toMatchObject({
      logs: [],
      error: { kind: 'exception', message: expect.stringContaining('missing is not defined'), line: 2, column: 3 },
    })
  })

  it('keeps only object structuredContent, on isError results too', () => {
    const base = { callId: 'c', content: [{ type: 'text' as const, text: 't' }] }
    expect(toCallToolResult({ ...base, isError: true, structuredContent: { logs: [] } })).toEqual({
      content: base.content,
      isError: true,
      structuredContent: { logs: [] },
    })
    expect(toCallToolResult({ ...base, isError: false, structuredContent: 3 })).toEqual({
      content: base.content,
      isError: false,
    })
    expect(toCallToolResult({ ...base, isError: false, structuredContent: [1] })).toEqual({
      content: base.content,
      isError: false,
    })
  })
})
