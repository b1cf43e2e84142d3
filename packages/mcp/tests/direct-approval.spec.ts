// A native tool called directly whose call gets an `ask` decision is asked to the MCP client that
// made it, when that client declared elicitation (rule R-152): the SDK's real client and server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { createCodeModeServer, startCodeModeHttpServer } from '@isocode/mcp'
import type { CodeModeHttpServer } from '@isocode/mcp'
import { afterEach, expect, it } from 'vitest'
import { type App, boot } from './helpers.ts'

let app: App | undefined
let client: Client | undefined
let http: CodeModeHttpServer | undefined
afterEach(async () => {
  await client?.close()
  await http?.close(1_000)
  await app?.dispose()
  http = undefined
})

type Over = 'memory' | 'http' | 'stateless http'

/** A `both` server whose `write` tool a policy asks about, and a client answering with `answer`. */
async function serve(
  answer: (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>,
  over: Over = 'memory',
) {
  app = await boot('both')
  let runs = 0
  app.root.tools.register({
    name: 'write',
    description: 'Write a note.',
    parameters: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
    execute: async () => (runs++, { content: [{ type: 'text', text: 'written' }] }),
  })
  app.root.on('tools/pre-execute', async (exec, next) =>
    exec.name === 'write' ? { kind: 'ask', reason: 'it writes' } : next(),
  )
  const asked: ElicitRequest['params'][] = []
  client = new Client({ name: 'direct-approval', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } })
  client.setRequestHandler(ElicitRequestSchema, async (request) => (asked.push(request.params), answer(request.params)))
  if (over === 'memory') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createCodeModeServer(app.root).connect(serverSide)
    await client.connect(clientSide)
  } else {
    http = await startCodeModeHttpServer(app.root, {
      host: '127.0.0.1',
      port: 0,
      stateless: over === 'stateless http',
      limits: { maxRuns: 1, maxQueue: 4 },
      maxBodyBytes: 1 << 20,
      log: () => undefined,
    })
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  }
  return { client, asked, runs: () => runs }
}

const textOf = (result: Record<string, unknown>): string =>
  (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n')

it('asks with the tool, its arguments and the reason; a ticked approve runs the call once', async () => {
  const served = await serve(() => ({ action: 'accept', content: { approve: true } }))
  const result = await served.client.callTool({ name: 'write', arguments: { note: 'hi' } })
  expect(textOf(result)).toBe('written')
  expect(served.runs()).toBe(1)
  expect(served.asked).toHaveLength(1)
  expect(served.asked[0]?.message).toBe('A call needs your approval (it writes):\n  tools.write({"note":"hi"})')
})

it.each([
  ['cancel', { action: 'cancel' }, 'approval for tool "write" was cancelled'],
  ['decline', { action: 'decline' }, 'the user rejected tool "write"'],
] as const)('%s denies the call; it never runs', async (_name, answer, text) => {
  const served = await serve(() => answer)
  const result = await served.client.callTool({ name: 'write', arguments: { note: 'hi' } })
  expect(result.isError).toBe(true)
  expect(textOf(result)).toBe(text)
  expect(served.runs()).toBe(0)
})

it('a client whose answer fails leaves nobody to decide: the call is denied as unavailable', async () => {
  const served = await serve(() => {
    throw new Error('no screen')
  })
  const result = await served.client.callTool({ name: 'write', arguments: { note: 'hi' } })
  expect(result.isError).toBe(true)
  expect(textOf(result)).toBe('approval for tool "write" is unavailable: no one can answer it now')
  expect(served.runs()).toBe(0)
})

it('run_code is not asked this way: its sub-call gets the ask, which nobody answers', async () => {
  const served = await serve(() => ({ action: 'accept', content: { approve: true } }))
  const result = await served.client.callTool({
    name: 'run_code',
    arguments: { code: 'return await tools.write({ note: "hi" })', description: 'write' },
  })
  expect(result.isError).toBe(true)
  expect(served.asked).toHaveLength(0)
  expect(served.runs()).toBe(0)
})

it('over stateful HTTP the question travels on the stream of the call, and the approved call runs', async () => {
  const served = await serve(() => ({ action: 'accept', content: { approve: true } }), 'http')
  const result = await served.client.callTool({ name: 'write', arguments: { note: 'hi' } })
  expect(textOf(result)).toBe('written')
  expect(served.asked).toHaveLength(1)
  expect(served.runs()).toBe(1)
})

it('a stateless HTTP server never asks (the answer could not come back): the call is denied', async () => {
  const served = await serve(() => ({ action: 'accept', content: { approve: true } }), 'stateless http')
  const result = await served.client.callTool({ name: 'write', arguments: { note: 'hi' } })
  expect(result.isError).toBe(true)
  expect(textOf(result)).toContain('tool "write" requires approval (it writes), but')
  expect(served.asked).toHaveLength(0)
  expect(served.runs()).toBe(0)
})
