// What a client that is refused meets: its connection closed after 401/403/404 even while it keeps
// sending, a cap on open connections with a clear 503, an empty batch and a
// malformed Host answered with what is wrong.
import { connect } from 'node:net'
import type { Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type HttpFixture, INITIALIZE, rawPost, serveHttp } from './http-helpers.ts'

let fixture: HttpFixture | undefined
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await fixture?.dispose()
  fixture = undefined
})

// why: far above what answering and closing takes at any speed; a socket left open meets it.
const BOUND_MS = 20_000

/** Open a raw connection to the fixture's port, connected. */
async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  await new Promise((resolve) => socket.once('connect', resolve))
  return socket
}

/**
 * Send `head` and the first bytes of a 100 kB body that never comes, and report what the server
 * answered and whether it closed the connection.
 */
async function slowBody(port: number, head: string): Promise<{ answer: string; outcome: string }> {
  const socket = await open(port)
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve('closed')))
  socket.write(`${head}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"jsonrpc":"2.0",`)
  const outcome = await Promise.race([
    closed,
    new Promise<string>((resolve) => setTimeout(resolve, BOUND_MS, 'still open')),
  ])
  return { answer, outcome }
}

describe('refused requests and connection limits', () => {
  it('401, 403 and 404 close the connection even while the client keeps its body coming (R-100)', async () => {
    fixture = await serveHttp({ token: 'right' })
    const port = Number(new URL(fixture.http.url).port)
    const host = `Host: 127.0.0.1:${port}\r\n`
    const cases = [
      [`POST /mcp HTTP/1.1\r\n${host}Authorization: Bearer wrong\r\n`, 'HTTP/1.1 401 '],
      [
        `POST /mcp HTTP/1.1\r\n${host}Origin: http://evil.example.com\r\nAuthorization: Bearer right\r\n`,
        'HTTP/1.1 403 ',
      ],
      [`POST /elsewhere HTTP/1.1\r\n${host}`, 'HTTP/1.1 404 '],
    ] as const
    for (const [head, status] of cases) {
      const { answer, outcome } = await slowBody(port, head)
      expect(answer.startsWith(status)).toBe(true)
      expect(answer.toLowerCase()).toContain('connection: close')
      expect(outcome).toBe('closed')
    }
  })

  it('past maxConnections a request gets 503 naming the cap, and a closed connection makes room (R-101)', async () => {
    fixture = await serveHttp({ maxConnections: 2 })
    const { url } = fixture.http
    const port = Number(new URL(url).port)
    const [first] = [await open(port), await open(port)]
    const refused = await rawPost(url, INITIALIZE)
    expect(refused.status).toBe(503)
    expect(refused.headers.connection).toBe('close')
    expect(refused.json).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32_001,
        message:
          'Service Unavailable: isocode has 2 connections open, its cap (--max-connections); retry when one closes',
      },
      id: null,
    })
    first?.destroy()
    const served = async (): Promise<boolean> => (await rawPost(url, INITIALIZE)).status === 200
    let ok = false
    for (const end = Date.now() + BOUND_MS; !ok && Date.now() < end;) ok = await served()
    expect(ok).toBe(true)
  })

  it('an empty JSON-RPC batch is an invalid request, not accepted with 202 (R-102)', async () => {
    fixture = await serveHttp()
    const init = await rawPost(fixture.http.url, INITIALIZE)
    const empty = await rawPost(fixture.http.url, '[]', { 'mcp-session-id': String(init.headers['mcp-session-id']) })
    expect(empty).toMatchObject({
      status: 400,
      json: { error: { code: -32_600, message: 'Invalid Request: the batch is empty; send at least one message' } },
    })
  })

  it('an IPv6 Host in a non-canonical form gets a 400 saying the form to send (R-102)', async () => {
    fixture = await serveHttp()
    const { port } = new URL(fixture.http.url)
    for (const [host, canonical] of [
      [`[0:0:0:0:0:0:0:1]:${port}`, `[::1]:${port}`],
      [`[::FFFF:127.0.0.1]:${port}`, `[::ffff:7f00:1]:${port}`],
    ] as const) {
      const answer = await rawPost(fixture.http.url, INITIALIZE, { host })
      expect(answer).toMatchObject({
        status: 400,
        json: {
          error: { message: `Bad Request: Host "${host}" is not in canonical form; send Host: ${canonical}` },
        },
      })
    }
  })
})
