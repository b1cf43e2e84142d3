// One client cannot lock out the others: a session's fair share of the run slots, runs of a
// dropped or cancelled request aborted and their streams closed, one id in flight at a time.
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

const run = (code: string) => ({ name: 'run_code', arguments: { code } })
const GATE = 'return await tools.wait_gate({})'
// why: generous bounds for conditions that hold at any speed; a loaded machine only makes them slower.
const WAIT_MS = 20_000

/** A raw tools/call POST in session `sessionId` that the test can drop; settles with the response text or the error. */
function post(url: string, sessionId: string, id: number, code: string): { drop(): void; done: Promise<string> } {
  const gone = new AbortController()
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: run(code) })
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-session-id': sessionId,
  }
  const done = fetch(url, { method: 'POST', headers, body, signal: gone.signal })
    .then(async (response) => `${response.status} ${await response.text()}`)
    .catch((error: unknown) => String(error))
  return { drop: () => gone.abort(), done }
}

async function newSession(url: string): Promise<string> {
  const init = await rawPost(url, INITIALIZE)
  return String(init.headers['mcp-session-id'])
}

describe('fair share between sessions', () => {
  it("a session past its share is refused at once and a second session's return 1 is served while the first still runs (R-98)", async () => {
    fixture = await serveHttp({ limits: { maxRuns: 2, maxQueue: 4 } })
    const hog = await fixture.client()
    let firstSettled = false
    const first = hog.callTool(run(GATE)).finally(() => (firstSettled = true))
    expect(await until(() => fixture?.http.limiter.load.running === 1, WAIT_MS)).toBe(true)
    // why: what filled every slot and the whole queue before: five more long programs of the same session.
    const more = await Promise.all(
      Array.from({ length: 5 }, () =>
        hog.callTool(run(GATE)).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    )
    for (const refused of more) {
      expect(refused).toBeInstanceOf(McpError)
      expect(refused).toMatchObject({ code: SERVER_BUSY })
      expect((refused as McpError).message).toContain(
        'isocode is busy for this session: it already has 1 program running or waiting, its fair share of the 2 run slots (--max-session-runs 1)',
      )
    }
    const other = await fixture.client()
    expect(resultText(await other.callTool(run('return 1')))).toBe('1')
    expect(firstSettled).toBe(false)
    fixture.open()
    expect(resultText(await first)).toBe('opened')
  })
})

describe('requests whose client is gone', () => {
  it("a dropped POST's queued run leaves the queue and its running run is aborted (R-99)", async () => {
    fixture = await serveHttp({ limits: { maxRuns: 2, maxQueue: 4 } })
    const { url } = fixture.http
    const kept = await fixture.client()
    let keptSettled = false
    const keptRun = kept.callTool(run(GATE)).finally(() => (keptSettled = true))
    const running = post(url, await newSession(url), 2, GATE)
    expect(await until(() => fixture?.http.limiter.load.running === 2, WAIT_MS)).toBe(true)
    const queued = post(url, await newSession(url), 2, 'return 1')
    expect(await until(() => fixture?.http.limiter.load.queued === 1, WAIT_MS)).toBe(true)
    queued.drop()
    expect(await until(() => fixture?.http.limiter.load.queued === 0, WAIT_MS)).toBe(true)
    running.drop()
    expect(await until(() => fixture?.http.limiter.load.running === 1, WAIT_MS)).toBe(true)
    await Promise.all([queued.done, running.done])
    expect(keptSettled).toBe(false)
    fixture.open()
    expect(resultText(await keptRun)).toBe('opened')
  })

  it('a cancelled call frees its session and its stream is closed, so a full table still takes a new client (R-99)', async () => {
    fixture = await serveHttp({ maxSessions: 1 })
    const client = await fixture.client()
    const cancel = new AbortController()
    const call = client.callTool(run(GATE), undefined, { signal: cancel.signal }).catch((error: unknown) => error)
    expect(await until(() => fixture?.http.limiter.load.running === 1, WAIT_MS)).toBe(true)
    cancel.abort('the user gave up')
    await call
    expect(await until(() => fixture?.http.answering() === 0 && fixture.http.limiter.load.running === 0, WAIT_MS)).toBe(
      true,
    )
    expect((await rawPost(fixture.http.url, INITIALIZE)).status).toBe(200)
  })

  it('a second request with an id already in flight is refused, and the first still gets its answer (R-99)', async () => {
    fixture = await serveHttp()
    const { url } = fixture.http
    const id = await newSession(url)
    const first = post(url, id, 7, GATE)
    expect(await until(() => fixture?.http.limiter.load.running === 1, WAIT_MS)).toBe(true)
    const second = await post(url, id, 7, 'return 2').done
    expect(second).toBe(
      '400 {"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: request id 7 is already in flight in this session; give each request in flight its own id"},"id":null}',
    )
    fixture.open()
    const answer = await first.done
    expect(answer).toMatch(/^200 /)
    expect(answer).toContain('"id":7')
    expect(answer).toContain('"text":"opened"')
  })
})
