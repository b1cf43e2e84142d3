// The transports: Streamable HTTP against server-everything started in its streamableHttp mode (stdio is covered everywhere else).
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { McpClient } from '@isocode/mcp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, serverBin, textOf } from './helpers.ts'

let child: ChildProcess | undefined
let url = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  url = `http://127.0.0.1:${port}/mcp`
  const started = spawn(process.execPath, [serverBin('@modelcontextprotocol/server-everything'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child = started
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    started.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes('listening on port')) resolve()
    })
    started.once('exit', (code) => reject(new Error(`server-everything exited with ${String(code)}: ${seen}`)))
  })
})
afterAll(() => void child?.kill())

describe('McpClient over Streamable HTTP', () => {
  it('lists and calls tools of a server reached by URL', async () => {
    const app = await boot('native')
    try {
      await app.root.plugin(McpClient, { name: 'remote', url, namespace: true })
      expect(app.root.tools.get('remote__get-sum')?.parameters).toMatchObject({ required: ['a', 'b'] })
      expect(textOf(await app.call('remote__echo', { message: 'over http' }))).toBe('Echo: over http')
    } finally {
      await app.dispose()
    }
  })

  it('an unreachable URL rejects the load naming the server', async () => {
    const app = await boot('native')
    try {
      const port = await freePort()
      await expect(
        app.root.plugin(McpClient, { name: 'nowhere', url: `http://127.0.0.1:${port}/mcp`, timeoutMs: 5_000 }),
      ).rejects.toThrow(/MCP server "nowhere" \(http:\/\/127\.0\.0\.1:\d+\/mcp\) could not be started/)
    } finally {
      await app.dispose()
    }
  })
})
