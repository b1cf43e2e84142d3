// Stateful sessions under client churn: MCP SDK clients that close without DELETE never lock new
// clients out (the least recently used idle session is evicted at the cap), an evicted client
// gets 404 and can initialize again, and a session running a program is never evicted.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { SERVER_BUSY } from '../src/http/run-limiter.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { until } from './helpers.ts'
import { type HttpFixture, INITIALIZE, rawPost, resultText, serveHttp } from './http-helpers.ts'

let fixture: HttpFixture | undefined
afterEach(async () => {
  await fixture?.dispose()
  fixture = undefined
})

const run = (code: string) => ({ name: 'run_code', arguments: { code, description: 'test' } })

// why: one validator for the churn clients; the SDK would build an Ajv (~1 ms) for each of them.
const jsonSchemaValidator = new AjvJsonSchemaValidator()

/** Connect an SDK client and close it the way the SDK does: no DELETE, the session stays behind. */
async function connectAndClose(url: string): Promise<void> {
  const client = new Client({ name: 'churn', version: '1' }, { jsonSchemaValidator })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  await client.close()
}

describe('stateful sessions under client churn', () => {
  // why: the timeouts are generous because what these check is a count, never the machine's speed.
  it('1,000 connect/close cycles without DELETE leave a new client served (cap 8)', async () => {
    fixture = await serveHttp({ maxSessions: 8 })
    for (let cycle = 0; cycle < 1_000; cycle += 1) {
      await connectAndClose(fixture.http.url)
      expect(fixture.http.sessions()).toBeLessThanOrEqual(8)
    }
    const client = await fixture.client()
    expect(resultText(await client.callTool(run('return "served"')))).toBe('served')
  }, 180_000)

  it('264 bare initialize POSTs past the default cap of 256 leave a new client served', async () => {
    fixture = await serveHttp()
    for (let post = 0; post < 264; post += 1) expect((await rawPost(fixture.http.url, INITIALIZE)).status).toBe(200)
    expect(fixture.http.sessions()).toBe(256)
    const client = await fixture.client()
    expect(resultText(await client.callTool(run('return "served"')))).toBe('served')
  }, 60_000)

  it('an evicted client gets 404 saying to initialize again, and a fresh initialize works', async () => {
    fixture = await serveHttp({ maxSessions: 1 })
    const first = new StreamableHTTPClientTransport(new URL(fixture.http.url))
    const evicted = new Client({ name: 'first', version: '1' })
    await evicted.connect(first)
    // why: once its last POST is answered the first session is idle, so a second client takes its place.
    expect(await until(() => fixture?.http.answering() === 0)).toBe(true)
    const second = await fixture.client()
    expect(fixture.http.sessions()).toBe(1)
    const id = first.sessionId ?? ''
    const stale = await rawPost(fixture.http.url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'mcp-session-id': id,
    })
    expect(stale.status).toBe(404)
    expect(stale.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32_001, message: expect.stringContaining(`Session not found: session ${id} has expired`) },
    })
    expect((stale.json as { error: { message: string } }).error.message).toContain(
      'initialize again: POST an initialize request without the Mcp-Session-Id header',
    )
    await expect(evicted.listTools()).rejects.toMatchObject({ code: 404 })
    await evicted.close()
    expect(resultText(await second.callTool(run('return 1 + 1')))).toBe('2')
    const again = await fixture.client()
    expect(resultText(await again.callTool(run('return "again"')))).toBe('again')
  })

  it('a session running a program is never evicted; with every session busy an initialize gets 503', async () => {
    fixture = await serveHttp({ maxSessions: 2 })
    const busy = await fixture.client()
    const running = busy.callTool(run('return await tools.wait_gate({})'))
    expect(await until(() => fixture?.http.limiter.load.running === 1)).toBe(true)
    const idle = await fixture.client()
    // why: only the busy session's POST is still open; the busy session is the older one, yet the idle one is evicted.
    const onlyTheRun = () => fixture?.http.answering() === 1
    expect(await until(onlyTheRun)).toBe(true)
    await fixture.client()
    await expect(idle.listTools()).rejects.toMatchObject({ code: 404 })
    expect(await until(onlyTheRun)).toBe(true)
    const alsoBusy = await fixture.client()
    const second = alsoBusy.callTool(run('return await tools.wait_gate({})'))
    expect(await until(() => fixture?.http.limiter.load.running === 2)).toBe(true)
    const refused = await rawPost(fixture.http.url, INITIALIZE)
    expect(refused).toMatchObject({
      status: 503,
      json: { error: { code: SERVER_BUSY, message: expect.stringContaining('all 2 sessions are busy') } },
    })
    fixture.open()
    expect([resultText(await running), resultText(await second)]).toEqual(['opened', 'opened'])
    expect(await until(() => fixture?.http.answering() === 0)).toBe(true)
    expect((await rawPost(fixture.http.url, INITIALIZE)).status).toBe(200)
  })

  it('closes the session of a client that left without DELETE once it is idle', async () => {
    fixture = await serveHttp({ sessionIdleMs: 300 })
    await connectAndClose(fixture.http.url)
    expect(fixture.http.sessions()).toBe(1)
    expect(await until(() => fixture?.http.sessions() === 0, 10_000)).toBe(true)
    expect((await rawPost(fixture.http.url, INITIALIZE)).status).toBe(200)
  })
})
