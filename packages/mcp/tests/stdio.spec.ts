// connectStdio answers malformed input lines with JSON-RPC errors instead of dropping them.
import { PassThrough } from 'node:stream'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { connectStdio } from '@isocode/mcp'
import { INVALID_REQUEST, PARSE_ERROR } from '../src/stdio.ts'
import { afterEach, describe, expect, it } from 'vitest'

let server: Server | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function lines(stream: PassThrough): () => Promise<Record<string, unknown>> {
  const queue: string[] = []
  let waiting: ((line: string) => void) | undefined
  let buffer = ''
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i)
      buffer = buffer.slice(i + 1)
      if (waiting === undefined) queue.push(line)
      else {
        waiting(line)
        waiting = undefined
      }
    }
  })
  return async () =>
    JSON.parse(queue.shift() ?? (await new Promise<string>((resolve) => (waiting = resolve)))) as Record<
      string,
      unknown
    >
}

describe('connectStdio', () => {
  it('answers a non-JSON line with -32700 and a non-JSON-RPC line with -32600, logs both, and keeps serving', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const next = lines(stdout)
    const logged: string[] = []
    server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } })
    await connectStdio(server, { stdin, stdout, log: (line) => void logged.push(line) })

    stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n')
    expect(await next()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: PARSE_ERROR, message: expect.stringContaining('Parse error') },
    })
    stdin.write('{"hello": "world"}\n')
    expect(await next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST } })
    expect(logged).toHaveLength(2)
    expect(logged[0]).toContain('rejected an input line: Parse error')

    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`)
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 7, result: {} })
  })

  it('lets go of stdin when the server closes: no listener left, the stream paused', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } })
    await connectStdio(server, { stdin, stdout, log: () => undefined })
    expect(stdin.listenerCount('data')).toBeGreaterThan(0)
    await server.close()
    server = undefined
    expect(stdin.listenerCount('data')).toBe(0)
    expect(stdin.isPaused()).toBe(true)
  })
})
