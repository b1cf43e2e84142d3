// `isocode serve --http` as a user runs it: a subprocess on a free loopback port, reached with the
// MCP SDK client, stopped with SIGTERM (graceful: exit 0); plus its flags and warnings.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { parseCommandLine } from '../src/args.ts'
import { serveCommand } from '../src/commands.ts'
import { exposureWarning } from '../src/serve-http.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-helpers.ts'

let dir = ''
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-http-')))
  await writeFile(join(dir, 'notes.md'), '# Notes\nhello over http\n')
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
}

/** The HTTP status of an initialize POST sent from a web page of `origin`. */
async function initialize(url: string, origin: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE),
  })
  await response.body?.cancel()
  return response.status
}

describe('isocode serve --http', () => {
  it('serves run_code to two clients and stops gracefully on SIGTERM with exit 0', async () => {
    const flags = [
      '--max-runs',
      '2',
      '--max-sessions',
      '3',
      '--session-idle-s',
      '60',
      '--allow-origin',
      'https://app.example.com',
    ]
    const served = await startServe(['--http', '127.0.0.1:0', '--isolation', 'isolate', ...flags], dir)
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(served.stderr()).toContain(
      '(stateful sessions), isolation isolate, 2 runs at once + 32 queued, 1 per session, 3 sessions (idle ones closed after 60 s), 512 connections',
    )
    const clients = [new Client({ name: 'a', version: '1' }), new Client({ name: 'b', version: '1' })]
    try {
      for (const client of clients) await client.connect(new StreamableHTTPClientTransport(new URL(served.url)))
      const code = `return (await tools.read_file({ path: 'notes.md' })).split('\\n')[1]`
      const results = await Promise.all(
        clients.map((client) => client.callTool({ name: 'run_code', arguments: { code, description: 'read' } })),
      )
      expect(results.map((result) => result.content)).toEqual([
        [{ type: 'text', text: 'hello over http' }],
        [{ type: 'text', text: 'hello over http' }],
      ])
      expect(await initialize(served.url, 'https://app.example.com')).toBe(200)
      expect(await initialize(served.url, 'http://10.0.0.1:8080')).toBe(403)
    } finally {
      for (const client of clients) await client.close()
    }
    served.child.kill('SIGTERM')
    expect(await served.exit).toEqual({ code: 0, signal: null })
    expect(served.stderr()).toContain('isocode serve: SIGTERM: stopping; 0 programs running, 0 queued')
    expect(served.stderr()).toContain('isocode serve: stopped')
  })

  it('--token-env naming an unset variable is a usage error', async () => {
    const env = { ...process.env }
    delete env.ISOCODE_TEST_TOKEN_UNSET
    const served = startServe(['--http', '127.0.0.1:0', '--token-env', 'ISOCODE_TEST_TOKEN_UNSET'], dir, env)
    await expect(served).rejects.toThrow(
      '--token-env ISOCODE_TEST_TOKEN_UNSET: the environment variable ISOCODE_TEST_TOKEN_UNSET is not set or empty',
    )
  })

  it('--allow-origin with something that is not an origin is a usage error before anything starts', async () => {
    const parsed = parseCommandLine(['serve', '--http', '127.0.0.1:0', '--allow-origin', 'app.example.com'])
    if (parsed.command !== 'serve') throw new Error(`parsed as ${parsed.command}`)
    const started = serveCommand({ out: () => undefined, err: () => undefined }, parsed)
    await expect(started).rejects.toMatchObject({
      code: 'USAGE',
      message:
        '--allow-origin takes a web origin, scheme://host[:port] with no path (e.g. https://app.example.com), got "app.example.com"',
    })
  })

  it('parses --http [host:]port and refuses HTTP flags without --http', () => {
    const defaults = {
      host: '127.0.0.1',
      port: 8080,
      stateless: false,
      maxRuns: 4,
      maxQueue: 32,
      maxBodyKb: 1024,
      maxSessions: 256,
      maxSessionRuns: 2,
      maxConnections: 512,
      sessionIdleS: 300,
      allowOrigins: [],
    }
    expect(parseCommandLine(['serve', '--http', '8080'])).toMatchObject({ http: defaults })
    const origins = ['--allow-origin', 'https://a.example', '--allow-origin', 'http://localhost:5173']
    expect(parseCommandLine(['serve', '--http', '8080', '--session-idle-s', '30', ...origins])).toMatchObject({
      http: { sessionIdleS: 30, allowOrigins: ['https://a.example', 'http://localhost:5173'] },
    })
    expect(() => parseCommandLine(['serve', '--http', '8080', '--session-idle-s', '0'])).toThrow(
      '--session-idle-s must be a positive whole number of seconds, got "0"',
    )
    expect(() => parseCommandLine(['serve', '--allow-origin', 'https://a.example'])).toThrow(
      '--allow-origin applies to the HTTP server only',
    )
    expect(parseCommandLine(['serve', '--http', '[::1]:0', '--stateless', '--max-queue', '0'])).toMatchObject({
      http: { host: '::1', port: 0, stateless: true, maxQueue: 0 },
    })
    expect(parseCommandLine(['serve', '--http', '0', '--max-runs', '8', '--max-connections', '64'])).toMatchObject({
      http: { maxRuns: 8, maxSessionRuns: 4, maxConnections: 64 },
    })
    expect(parseCommandLine(['serve', '--http', '0', '--max-session-runs', '3'])).toMatchObject({
      http: { maxSessionRuns: 3 },
    })
    expect(() => parseCommandLine(['serve', '--max-connections', '10'])).toThrow(
      '--max-connections applies to the HTTP server only; add --http [host:]port',
    )
    expect(parseCommandLine(['serve'])).toMatchObject({ http: undefined })
    expect(() => parseCommandLine(['serve', '--stateless'])).toThrow(
      '--stateless applies to the HTTP server only; add --http [host:]port',
    )
    expect(() => parseCommandLine(['serve', '--http', 'host:99999'])).toThrow('--http must be [host:]port')
  })

  it('warns loudly about a non-loopback bind without a token, and only then', () => {
    expect(exposureWarning('0.0.0.0', false)).toMatch(/^isocode serve: WARNING: listening on 0\.0\.0\.0 with no token/)
    expect(exposureWarning('0.0.0.0', true)).toBeUndefined()
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].map((host) => exposureWarning(host, false))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})
