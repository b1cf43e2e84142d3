import { bearerMatches, hostnameAllowed, hostnameOf, RunLimiter } from '@isocode/mcp'
import { describe, expect, it } from 'vitest'

describe('HTTP guards', () => {
  it('hostnameOf reads names, IPv4 and bracketed IPv6 with or without a port', () => {
    expect(hostnameOf('LocalHost:8080')).toBe('localhost')
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1')
    expect(hostnameOf('[::1]:3000')).toBe('::1')
    expect(hostnameOf(undefined)).toBeUndefined()
  })

  it('hostnameAllowed takes localhost, IP literals and listed names only', () => {
    expect(['localhost', '127.0.0.1', '10.1.2.3', '::1'].map((host) => hostnameAllowed(host, []))).toEqual([true, true, true, true])
    expect(hostnameAllowed('evil.example.com', [])).toBe(false)
    expect(hostnameAllowed('isocode.internal', ['Isocode.Internal'])).toBe(true)
    expect(hostnameAllowed(undefined, ['x'])).toBe(false)
  })

  it('bearerMatches needs the exact token after "Bearer"', () => {
    expect(bearerMatches('Bearer abc', 'abc')).toBe(true)
    expect(bearerMatches('bearer   abc', 'abc')).toBe(true)
    expect(bearerMatches('Bearer abcd', 'abc')).toBe(false)
    expect(bearerMatches('Basic abc', 'abc')).toBe(false)
    expect(bearerMatches(undefined, 'abc')).toBe(false)
  })

  it('RunLimiter frees a queued place when its caller gives up', async () => {
    const limiter = new RunLimiter({ maxRuns: 1, maxQueue: 1 })
    let finish: (() => void) | undefined
    const first = limiter.run(new AbortController().signal, () => new Promise<void>((resolve) => (finish = resolve)))
    const leaving = new AbortController()
    const queued = limiter.run(leaving.signal, async () => 'ran').catch((error: unknown) => error)
    expect(limiter.load).toEqual({ running: 1, queued: 1 })
    leaving.abort(new Error('client went away'))
    expect(await queued).toEqual(new Error('client went away'))
    expect(limiter.load).toEqual({ running: 1, queued: 0 })
    finish?.()
    await first
    expect(limiter.load).toEqual({ running: 0, queued: 0 })
  })
})
