// startCodeModeHttpServer: many clients share one app; runs are capped with a JSON-RPC error past
// the queue; Host/Origin, token and body-size guards; graceful close.
import { McpError } from '@modelcontextprotocol/sdk/types.js'
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

describe('serve over Streamable HTTP', () => {
  it('two sessions share the tools and run their own programs', async () => {
    fixture = await serveHttp()
    const [a, b] = [await fixture.client(), await fixture.client()]
    expect(fixture.http.sessions()).toBe(2)
    expect((await a.listTools()).tools[0]?.description).toContain('pid: (args: {}) => Promise<string>;')
    const [ra, rb] = await Promise.all([
      a.callTool(run('return "a:" + (await tools.pid({}))')),
      b.callTool(run('return "b:" + (await tools.pid({}))')),
    ])
    const pid = resultText(ra).slice(2)
    expect(resultText(ra)).toMatch(/^a:\d+$/)
    // why: one upstream connection serves every session.
    expect(resultText(rb)).toBe(`b:${pid}`)
  })

  it('past max runs and max queue a call fails at once with a JSON-RPC busy error', async () => {
    fixture = await serveHttp({ limits: { maxRuns: 1, maxQueue: 1 } })
    // why: three sessions, each within its share, so only the global limits are at work.
    const [a, b, c] = [await fixture.client(), await fixture.client(), await fixture.client()]
    const first = a.callTool(run('return await tools.wait_gate({})'))
    expect(await until(() => fixture?.http.limiter.load.running === 1)).toBe(true)
    const second = b.callTool(run('return 2'))
    expect(await until(() => fixture?.http.limiter.load.queued === 1)).toBe(true)
    const third = await c.callTool(run('return 3')).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(third).toBeInstanceOf(McpError)
    expect((third as McpError).code).toBe(SERVER_BUSY)
    expect((third as McpError).message).toContain('isocode is busy: 1 program is running and 1 is waiting')
    fixture.open()
    expect(resultText(await first)).toBe('opened')
    expect(resultText(await second)).toBe('2')
    expect(fixture.http.limiter.load).toEqual({ running: 0, queued: 0 })
  })

  it('refuses foreign Host and Origin headers (DNS rebinding) and accepts localhost ones', async () => {
    fixture = await serveHttp()
    const port = new URL(fixture.http.url).port
    const evil = await rawPost(fixture.http.url, INITIALIZE, {
      host: 'evil.example.com',
      origin: 'http://evil.example.com',
    })
    expect(evil.status).toBe(403)
    expect(evil.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32_000, message: expect.stringContaining('DNS rebinding') },
    })
    expect((await rawPost(fixture.http.url, INITIALIZE, { origin: 'http://evil.example.com' })).status).toBe(403)
    expect(
      (await rawPost(fixture.http.url, INITIALIZE, { host: `localhost:${port}`, origin: `http://localhost:${port}` }))
        .status,
    ).toBe(200)
  })

  it('accepts loopback Origins and allowOrigins only: another machine, even by IP address, gets 403', async () => {
    fixture = await serveHttp({ allowOrigins: ['https://App.Example.com/'] })
    const { url } = fixture.http
    for (const origin of [
      'http://10.1.2.3:8080',
      'http://192.168.0.7',
      'https://[2001:db8::1]',
      'null',
      'http://app.example.com',
    ]) {
      const refused = await rawPost(url, INITIALIZE, { origin })
      expect(refused.status).toBe(403)
      expect(refused.json).toMatchObject({
        error: { code: -32_000, message: expect.stringContaining(`Origin "${origin}" is not allowed`) },
      })
    }
    const other = await rawPost(url, INITIALIZE, { origin: 'https://other.example.com' })
    expect(other.json).toMatchObject({
      error: { message: expect.stringContaining('start isocode with --allow-origin https://other.example.com') },
    })
    const accepted = [
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:5173',
      'https://localhost',
      'https://app.example.com',
    ]
    const statuses = await Promise.all(
      accepted.map(async (origin) => (await rawPost(url, INITIALIZE, { origin })).status),
    )
    expect(statuses).toEqual([200, 200, 200, 200, 200])
  })

  it('--allow-host names are accepted', async () => {
    fixture = await serveHttp({ allowHosts: ['isocode.internal'] })
    expect((await rawPost(fixture.http.url, INITIALIZE, { host: 'isocode.internal:8080' })).status).toBe(200)
    expect((await rawPost(fixture.http.url, INITIALIZE, { host: 'other.internal:8080' })).status).toBe(403)
  })

  it('with a token, requests without the right bearer token get 401', async () => {
    fixture = await serveHttp({ token: 's3cret-token' })
    const missing = await rawPost(fixture.http.url, INITIALIZE)
    expect(missing.status).toBe(401)
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="isocode"')
    expect((await rawPost(fixture.http.url, INITIALIZE, { authorization: 'Bearer s3cret-toke' })).status).toBe(401)
    const client = await fixture.client({ authorization: 'Bearer s3cret-token' })
    expect(resultText(await client.callTool(run('return 6 * 7')))).toBe('42')
  })

  it('caps the body size and answers a non-JSON body with -32700, without stack traces', async () => {
    fixture = await serveHttp({ maxBodyBytes: 2_000 })
    const big = await rawPost(
      fixture.http.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5_000) } }),
    )
    expect(big.status).toBe(413)
    expect(big.json).toMatchObject({ error: { message: expect.stringContaining('capped at 2000 bytes') } })
    const bad = await rawPost(fixture.http.url, '{"jsonrpc": "2.0", "id": 1,')
    expect(bad).toMatchObject({ status: 400, json: { error: { code: -32_700 } } })
    const client = await fixture.client()
    const thrown = await client.callTool(run('throw new Error("deep failure")'))
    expect(thrown.isError).toBe(true)
    expect(resultText(thrown)).toContain('deep failure')
    expect(resultText(thrown)).not.toMatch(/\n\s+at /)
  })

  it('stateless mode answers without sessions and refuses GET', async () => {
    fixture = await serveHttp({ stateless: true })
    const client = await fixture.client()
    expect(resultText(await client.callTool(run('return "no session"')))).toBe('no session')
    expect(fixture.http.sessions()).toBe(0)
    const get = await fetch(fixture.http.url, { headers: { accept: 'text/event-stream' } })
    expect(get.status).toBe(405)
  })
})
