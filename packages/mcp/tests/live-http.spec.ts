// Live runs over Streamable HTTP with the real SDK client, stateful and stateless: progress as
// sub-calls finish, console lines as log messages, and cancellation from the client's AbortSignal.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { startCodeModeHttpServer } from '@isocode/mcp'
import type { CodeModeHttpServer } from '@isocode/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import type { App } from './helpers.ts'
import { until } from './helpers.ts'
import {
  backendReportsConsole,
  bootLive,
  callWithProgress,
  type LiveTools,
  recordNotifications,
  TEN_TICKS,
  TICKS_THEN_WAIT,
} from './live-helpers.ts'

let app: App | undefined
let http: CodeModeHttpServer | undefined
let client: Client | undefined
afterEach(async () => {
  await client?.close().catch(() => undefined)
  await http?.close(1_000)
  await app?.dispose()
  client = app = http = undefined
})

async function serve(stateless: boolean): Promise<{ mcp: Client; seen: LiveTools }> {
  const live = await bootLive()
  app = live.app
  http = await startCodeModeHttpServer(app.root, {
    host: '127.0.0.1',
    port: 0,
    stateless,
    limits: { maxRuns: 2, maxQueue: 4 },
    maxBodyBytes: 1 << 20,
    log: () => undefined,
  })
  client = new Client({ name: 'live-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  return { mcp: client, seen: live.seen }
}

const runOutcome = (a: App): unknown => a.session.events.find((event) => event.type === 'tool/code-run')?.outcome

for (const stateless of [false, true]) {
  describe(`run_code over ${stateless ? 'stateless' : 'stateful'} Streamable HTTP`, () => {
    it('sends progress as sub-calls finish, at least 5 for 10 calls 100 ms apart, before the result', async () => {
      const { mcp } = await serve(stateless)
      const { result, progressBeforeResult } = await callWithProgress(mcp, TEN_TICKS)
      expect(result.isError).toBe(false)
      expect(progressBeforeResult.length).toBeGreaterThanOrEqual(5)
      // why: progress counts calls done and only grows; the last one (10) always precedes the result.
      const counts = progressBeforeResult.map((p) => p.progress)
      expect(counts).toEqual(counts.toSorted((a, b) => a - b))
      expect(new Set(counts).size).toBe(counts.length)
      expect(counts.at(-1)).toBe(10)
      expect(progressBeforeResult.at(-1)?.message).toBe('tick ok')
    })

    it('sends no progress to a call without a progress token', async () => {
      const { mcp } = await serve(stateless)
      const received = recordNotifications(mcp)
      const errors: Error[] = []
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onerror property
      mcp.onerror = (error) => void errors.push(error)
      const result = await mcp.callTool({ name: 'run_code', arguments: { code: TEN_TICKS, description: 'no token' } })
      expect(result.isError).toBe(false)
      await mcp.ping()
      expect(received.filter((n) => n.method === 'notifications/progress')).toEqual([])
      expect(errors).toEqual([])
    })

    it('a progress token of the wrong type is ignored: the call runs, without progress', async () => {
      const { mcp } = await serve(stateless)
      const received = recordNotifications(mcp)
      // why: the SDK client only sends valid tokens, so the malformed one is written into _meta by hand.
      const result = await mcp.callTool({
        name: 'run_code',
        arguments: { code: 'await tools.tick({}); return 1', description: 'bad token' },
        _meta: { progressToken: { not: 'a token' } } as never,
      })
      expect(result.isError).toBe(false)
      expect(result.structuredContent).toMatchObject({ value: 1 })
      expect(received.filter((n) => n.method === 'notifications/progress')).toEqual([])
    })

    it(`${stateless ? 'closing the connection' : 'cancelling through the AbortSignal'} aborts the in-flight tool, ends the run as abort, and nothing follows`, async () => {
      const { mcp, seen } = await serve(stateless)
      const errors: Error[] = []
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onerror property
      mcp.onerror = (error) => void errors.push(error)
      const cancel = new AbortController()
      const call = callWithProgress(mcp, TICKS_THEN_WAIT, cancel.signal)
      call.catch(() => undefined)
      // why: wait_abort in flight; it ends only when its call is aborted.
      expect(await until(() => seen.started, 10_000)).toBe(true)
      expect(seen.aborted).toBe(false)
      if (stateless) await mcp.close()
      else cancel.abort(new Error('user cancelled'))
      expect(await until(() => runOutcome(app as App) !== undefined, 10_000)).toBe(true)
      expect(seen.aborted).toBe(true)
      expect(runOutcome(app as App)).toBe('abort')
      if (stateless) return
      await expect(call).rejects.toThrow(/user cancelled/)
      // why: a round trip after the run ended: anything the server sent for the cancelled request
      // (a progress for a token the client dropped, or the result) would have arrived before it.
      await mcp.ping()
      expect(errors.map((e) => e.message)).toEqual([])
    })
  })
}

// why: RT-45 — console lines arrive live only from a backend that reports them; the probe runs this
// once the isolate runtime does (live-logs.spec.ts checks the MCP side with a scripted backend).
const consoleLive = await backendReportsConsole()

describe('console lines as MCP log messages over Streamable HTTP', () => {
  it.skipIf(!consoleLive)(
    'a stateful client that set a log level gets each console line as notifications/message before the result',
    async () => {
      const { mcp } = await serve(false)
      const received = recordNotifications(mcp)
      await mcp.setLoggingLevel('info')
      const { result } = await callWithProgress(mcp, TEN_TICKS)
      expect(result.isError).toBe(false)
      const lines = received.filter((n) => n.method === 'notifications/message').map((n) => n.params?.data)
      expect(lines).toEqual(Array.from({ length: 10 }, (_, i) => `step ${i}`))
    },
  )
})
