// `isocode serve --http` as a user runs it: a subprocess on a free loopback port, reached with the
// MCP SDK client, stopped with SIGTERM (graceful: exit 0); plus its flags and warnings.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { exposureWarning, parseCommandLine } from '@isocode/cli'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-helpers.ts'

let dir = ''
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-http-')))
  await writeFile(join(dir, 'notes.md'), '# Notes\nhello over http\n')
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('isocode serve --http', () => {
  it('serves run_code to two clients and stops gracefully on SIGTERM with exit 0', async () => {
    const served = await startServe(['--http', '127.0.0.1:0', '--isolation', 'isolate', '--max-runs', '2'], dir)
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(served.stderr()).toContain('(stateful sessions), isolation isolate, 2 runs at once + 32 queued')
    const clients = [new Client({ name: 'a', version: '1' }), new Client({ name: 'b', version: '1' })]
    try {
      for (const client of clients) await client.connect(new StreamableHTTPClientTransport(new URL(served.url)))
      const code = `return (await tools.read_file({ path: 'notes.md' })).split('\\n')[1]`
      const results = await Promise.all(clients.map((client) => client.callTool({ name: 'run_code', arguments: { code, description: 'read' } })))
      expect(results.map((result) => result.content)).toEqual([[{ type: 'text', text: 'hello over http' }], [{ type: 'text', text: 'hello over http' }]])
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
    await expect(served).rejects.toThrow('--token-env ISOCODE_TEST_TOKEN_UNSET: the environment variable ISOCODE_TEST_TOKEN_UNSET is not set or empty')
  })

  it('parses --http [host:]port and refuses HTTP flags without --http', () => {
    expect(parseCommandLine(['serve', '--http', '8080'])).toMatchObject({ http: { host: '127.0.0.1', port: 8080, stateless: false, maxRuns: 4, maxQueue: 32, maxBodyKb: 1024, maxSessions: 256 } })
    expect(parseCommandLine(['serve', '--http', '[::1]:0', '--stateless', '--max-queue', '0'])).toMatchObject({ http: { host: '::1', port: 0, stateless: true, maxQueue: 0 } })
    expect(parseCommandLine(['serve'])).toMatchObject({ http: undefined })
    expect(() => parseCommandLine(['serve', '--stateless'])).toThrow('--stateless applies to the HTTP server only; add --http [host:]port')
    expect(() => parseCommandLine(['serve', '--http', 'host:99999'])).toThrow('--http must be [host:]port')
  })

  it('warns loudly about a non-loopback bind without a token, and only then', () => {
    expect(exposureWarning('0.0.0.0', false)).toMatch(/^isocode serve: WARNING: listening on 0\.0\.0\.0 with no token/)
    expect(exposureWarning('0.0.0.0', true)).toBeUndefined()
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].map((host) => exposureWarning(host, false))).toEqual([undefined, undefined, undefined, undefined])
  })
})
