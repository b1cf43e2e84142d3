// A body over the cap is answered 413 and the client reads it: the server keeps reading (and
// dropping) the rest instead of closing the connection under a client that is still sending.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpFixture, INITIALIZE, rawPost, serveHttp } from './http-helpers.ts'

let fixture: HttpFixture
beforeAll(async () => {
  fixture = await serveHttp({ maxBodyBytes: 1 << 20 })
})
afterAll(async () => fixture.dispose())

interface Outcome {
  status: number | undefined
  body: string
  /** A socket error the client met while sending (EPIPE, ECONNRESET), if any. */
  error: string | undefined
}

/**
 * POST 1.5 MB the way a streaming client does, 100 KB at a time with a turn of the event loop in
 * between, with a declared Content-Length or chunked; settles once the request is done either way.
 */
function postLarge(url: string, mode: 'declared' | 'chunked'): Promise<Outcome> {
  const body = Buffer.alloc(1_500_000, 'x')
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  }
  if (mode === 'declared') headers['content-length'] = String(body.length)
  return new Promise((resolve) => {
    const outcome: Outcome = { status: undefined, body: '', error: undefined }
    const req = request(url, { method: 'POST', headers }, (res) => {
      outcome.status = res.statusCode
      res.on('data', (chunk: Buffer) => (outcome.body += chunk.toString('utf8')))
    })
    req.on('error', (error) => (outcome.error = error.message))
    req.on('close', () => resolve(outcome))
    void (async () => {
      for (let at = 0; at < body.length && !req.destroyed; at += 100_000) {
        req.write(body.subarray(at, at + 100_000))
        await new Promise((next) => setImmediate(next))
      }
      req.end()
    })()
  })
}

describe('request bodies over the cap', () => {
  it.each(['declared', 'chunked'] as const)('a %s 1.5 MB body gets 413 with its message, not a reset', async (mode) => {
    const outcome = await postLarge(fixture.http.url, mode)
    expect(outcome.error).toBeUndefined()
    expect(outcome.status).toBe(413)
    expect(JSON.parse(outcome.body)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { message: expect.stringContaining(`capped at ${1 << 20} bytes`) },
    })
    // why: the refused request leaves the server serving.
    expect((await rawPost(fixture.http.url, INITIALIZE)).status).toBe(200)
  })
})
