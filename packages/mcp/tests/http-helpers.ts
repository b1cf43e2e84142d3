// Shared setup of the Streamable HTTP server specs: an app with the tiny server's tools and a
// gate tool the test opens, the HTTP server on a free loopback port, SDK clients and raw requests.
import { request } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { McpClient, startCodeModeHttpServer } from '@isocode/mcp'
import type { CodeModeHttpOptions, CodeModeHttpServer } from '@isocode/mcp'
import type { Context } from 'cordis'
import { type App, boot, tiny } from './helpers.ts'

/** A booted app serving HTTP, its clients, and a gate that blocks `wait_gate` calls until opened. */
export interface HttpFixture {
  app: App
  http: CodeModeHttpServer
  logs: string[]
  /** Let every pending and future `wait_gate` call finish. */
  open(): void
  client(headers?: Record<string, string>): Promise<Client>
  dispose(): Promise<void>
}

/** Boot the app (tiny server + wait_gate) and serve it over HTTP on 127.0.0.1, port 0. */
export async function serveHttp(options: Partial<CodeModeHttpOptions> = {}): Promise<HttpFixture> {
  // why: as `isocode serve` does, one isolate per run slot, so runs wait in the limiter, not the pool.
  const app = await boot('code', options.limits?.maxRuns ?? 2)
  await app.root.plugin(McpClient, tiny())
  let open: (() => void) | undefined
  const gate = new Promise<void>((resolve) => (open = resolve))
  await app.root.plugin({
    name: 'gate',
    inject: ['tools'],
    apply: (ctx: Context) =>
      void ctx.tools.register({
        name: 'wait_gate',
        description: 'Wait until the test opens the gate.',
        parameters: { type: 'object', properties: {} },
        execute: async (_args, exec) => {
          // why: like any well-behaved tool, it stops waiting when its call is aborted.
          await new Promise<void>((resolve, reject) => {
            void gate.then(resolve)
            exec.signal?.addEventListener('abort', () => reject(new Error('wait_gate aborted')), { once: true })
          })
          return [{ type: 'text', text: 'opened' }]
        },
      }),
  })
  const logs: string[] = []
  const http = await startCodeModeHttpServer(app.root, {
    host: '127.0.0.1',
    port: 0,
    stateless: false,
    limits: { maxRuns: 2, maxQueue: 4 },
    maxBodyBytes: 1 << 20,
    log: (line) => void logs.push(line),
    ...options,
  })
  const clients: Client[] = []
  return {
    app,
    http,
    logs,
    open: () => open?.(),
    async client(headers = {}) {
      const client = new Client({ name: 'http-test', version: '1.0.0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers } }))
      clients.push(client)
      return client
    },
    async dispose() {
      open?.()
      for (const client of clients) await client.close().catch(() => undefined)
      await http.close(1_000)
      await app.dispose()
    },
  }
}

/** The text of an MCP tools/call result. */
export const resultText = (result: Record<string, unknown>): string =>
  (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? `[${block.type}]`).join('\n')

/** A raw POST (any Host header allowed) and its status, headers and JSON body. */
export function rawPost(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        res.on('end', () => {
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** An initialize request body. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})
