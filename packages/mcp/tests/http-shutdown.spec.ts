// Graceful close of the HTTP server: running programs finish within the grace period, queued
// ones are refused, and a program still running when the grace ends is aborted.
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { SHUTTING_DOWN } from '../src/http/run-limiter.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { until } from './helpers.ts'
import { type HttpFixture, resultText, serveHttp } from './http-helpers.ts'

let fixture: HttpFixture | undefined
afterEach(async () => {
  await fixture?.dispose()
  fixture = undefined
})

const run = (code: string) => ({ name: 'run_code', arguments: { code, description: 'test' } })
const settle = <T>(promise: Promise<T>): Promise<T | unknown> =>
  promise.then(
    (value) => value,
    (error: unknown) => error,
  )

describe('graceful close', () => {
  it('lets a running program finish, refuses the queued one and new connections', async () => {
    fixture = await serveHttp({ limits: { maxRuns: 1, maxQueue: 2 } })
    const client = await fixture.client()
    const running = client.callTool(run('return await tools.wait_gate({})'))
    expect(await until(() => fixture?.http.limiter.load.running === 1)).toBe(true)
    // why: another session, since one session's share of a single slot is that one run.
    const queued = settle((await fixture.client()).callTool(run('return "late"')))
    expect(await until(() => fixture?.http.limiter.load.queued === 1)).toBe(true)
    const closed = fixture.http.close(60_000)
    const refused = await queued
    expect(refused).toBeInstanceOf(McpError)
    expect((refused as McpError).code).toBe(SHUTTING_DOWN)
    fixture.open()
    expect(resultText(await running)).toBe('opened')
    await closed
    expect(await settle(fetch(fixture.http.url, { method: 'POST', body: '{}' }))).toBeInstanceOf(Error)
  })

  it('aborts a program still running when the grace period ends', async () => {
    fixture = await serveHttp()
    const client = await fixture.client()
    const running = settle(client.callTool(run('return await tools.wait_gate({})')))
    expect(await until(() => fixture?.http.limiter.load.running === 1)).toBe(true)
    await fixture.http.close(200)
    const outcome = await running
    // why: the aborted run's failed result is still written to the client before the streams close.
    expect(outcome).toMatchObject({ isError: true })
    expect(resultText(outcome as Record<string, unknown>)).toMatch(/abort|shutting down/i)
    expect(fixture.http.limiter.load.running).toBe(0)
  })
})
