import { startCodeModeHttpServer } from '@isocode/mcp'
import { bearerMatches, hostnameAllowed, hostnameOf, normalizeOrigin, originAllowed } from '../src/http/guard.ts'
import { RunLimiter } from '../src/http/run-limiter.ts'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

describe('HTTP guards', () => {
  it('hostnameOf reads names, IPv4 and bracketed IPv6 with or without a port', () => {
    expect(hostnameOf('LocalHost:8080')).toBe('localhost')
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1')
    expect(hostnameOf('[::1]:3000')).toBe('::1')
    expect(hostnameOf(undefined)).toBeUndefined()
  })

  it('hostnameAllowed takes localhost, IP literals and listed names only', () => {
    expect(['localhost', '127.0.0.1', '10.1.2.3', '::1'].map((host) => hostnameAllowed(host, []))).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(hostnameAllowed('evil.example.com', [])).toBe(false)
    expect(hostnameAllowed('isocode.internal', ['Isocode.Internal'])).toBe(true)
    expect(hostnameAllowed(undefined, ['x'])).toBe(false)
  })

  it('normalizeOrigin gives the form browsers send, or undefined for what is not an origin', () => {
    expect(normalizeOrigin('https://App.Example.com:443/')).toBe('https://app.example.com')
    expect(normalizeOrigin('http://[::1]:8080')).toBe('http://[::1]:8080')
    expect(normalizeOrigin('chrome-extension://AbcDef')).toBe('chrome-extension://abcdef')
    expect(['app.example.com', 'https://app.example.com/path', 'null', ''].map(normalizeOrigin)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('originAllowed takes loopback pages and listed origins only', () => {
    expect(
      ['http://localhost:3000', 'http://127.0.0.1', 'http://127.200.0.1:9', 'https://[::1]'].map((origin) =>
        originAllowed(origin, []),
      ),
    ).toEqual([true, true, true, true])
    expect(
      ['http://10.1.2.3', 'http://0.0.0.0', 'http://localhost.evil.com', 'file://localhost', 'null'].map((origin) =>
        originAllowed(origin, []),
      ),
    ).toEqual([false, false, false, false, false])
    expect(originAllowed('https://app.example.com', ['https://APP.example.com:443'])).toBe(true)
    expect(originAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
  })

  it('startCodeModeHttpServer refuses options that cannot work, naming the field, before it listens', async () => {
    const base = {
      host: '127.0.0.1',
      port: 0,
      stateless: false,
      limits: { maxRuns: 1, maxQueue: 0 },
      maxBodyBytes: 1_000,
      log: () => undefined,
    }
    await expect(
      startCodeModeHttpServer(new Context(), { ...base, allowOrigins: ['app.example.com'] }),
    ).rejects.toThrow('allowOrigins: "app.example.com" is not an origin; give scheme://host[:port]')
    await expect(startCodeModeHttpServer(new Context(), { ...base, maxSessions: 0 })).rejects.toThrow(
      'maxSessions must be at least 1, got 0',
    )
    await expect(startCodeModeHttpServer(new Context(), { ...base, maxConnections: 0 })).rejects.toThrow(
      'maxConnections must be at least 1, got 0',
    )
    await expect(
      startCodeModeHttpServer(new Context(), { ...base, limits: { maxRuns: 1, maxQueue: 0, maxPerSession: 0 } }),
    ).rejects.toThrow('limits.maxPerSession must be at least 1, got 0')
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
