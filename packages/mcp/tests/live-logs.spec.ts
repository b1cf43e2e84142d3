// Console lines as MCP log messages (honouring logging/setLevel) and progress coalescing, with the
// real SDK client over an in-memory pair. The console lines come from a scripted backend that
// reports them through onConsole as a backend does (RT-48), so the MCP side is checked on its own.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { createCodeModeServer } from '@isocode/mcp'
import { PROGRESS_COALESCE_MS } from '../src/run-notifications.ts'
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { recordNotifications } from './live-helpers.ts'

// why: `calls` binding calls to `fast`, a console line before each, then the value 'done'.
class ScriptedRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const calls = Number(request.program)
    const logs: string[] = []
    for (let i = 0; i < calls; i++) {
      logs.push(`step ${i}`)
      request.onConsole?.(`step ${i}`)
      await request.bindings[0]?.functions.fast?.({})
    }
    return withUsage({ logs, value: 'done' })
  }
}

let client: Client | undefined
afterEach(async () => {
  await client?.close()
  client = undefined
})

async function serve(): Promise<Client> {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(ScriptedRuntime)
  root.tools.register({
    name: 'fast',
    parameters: { type: 'object' },
    execute: async () => [{ type: 'text', text: 'f' }],
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createCodeModeServer(root).connect(serverSide)
  client = new Client({ name: 'logs-test', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

const run = (mcp: Client, calls: number) =>
  mcp.callTool({ name: 'run_code', arguments: { code: String(calls), description: 'scripted' } })
const messages = (received: ReturnType<typeof recordNotifications>) =>
  received.filter((n) => n.method === 'notifications/message').map((n) => n.params)

describe('console lines as notifications/message', () => {
  it('the server declares the logging capability', async () => {
    const mcp = await serve()
    expect(mcp.getServerCapabilities()?.logging).toEqual({})
  })

  it('go out once the client set a level that admits info, in order, before the result', async () => {
    const mcp = await serve()
    const received = recordNotifications(mcp)
    await mcp.setLoggingLevel('info')
    const result = await run(mcp, 3)
    expect(result.isError).toBe(false)
    expect(messages(received)).toEqual([0, 1, 2].map((i) => ({ level: 'info', logger: 'run_code', data: `step ${i}` })))
  })

  it('are not sent to a client that never set a level, or set one above info', async () => {
    const mcp = await serve()
    const received = recordNotifications(mcp)
    await run(mcp, 2)
    await mcp.setLoggingLevel('warning')
    await run(mcp, 2)
    await mcp.ping()
    expect(messages(received)).toEqual([])
  })
})

describe('progress coalescing', () => {
  it(`sends at most one progress per ${PROGRESS_COALESCE_MS} ms, and always the final count before the result`, async () => {
    const mcp = await serve()
    const progress: number[] = []
    const started = performance.now()
    const result = await mcp.callTool(
      { name: 'run_code', arguments: { code: '40', description: 'fast calls' } },
      CallToolResultSchema,
      {
        onprogress: (p) => void progress.push(p.progress),
      },
    )
    const elapsed = performance.now() - started
    expect(result.isError).toBe(false)
    expect(progress.at(-1)).toBe(40)
    // why: holds at any speed: a slower machine has a longer run and so room for more notifications.
    expect(progress.length).toBeLessThanOrEqual(Math.floor(elapsed / PROGRESS_COALESCE_MS) + 2)
  })
})
