// SessionTable, the bookkeeping of stateful HTTP sessions, with an explicit clock: which session
// makes room at the cap (least recently used idle, unconnected first, never a busy one) and which
// the idle sweep closes (no request for idleMs and no open stream).
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { SessionTable } from '../src/http/sessions.ts'
import type { SessionState } from '../src/http/sessions.ts'

const closed: string[] = []
const session = (id: string, seen: number): SessionState => ({
  id,
  busy: 0,
  streams: 0,
  seen,
  close: async () => void closed.push(id),
})
/** A real (unsent) response whose 'close' the test emits, as node does when the client goes away. */
const response = (): ServerResponse => new ServerResponse(new IncomingMessage(new Socket()))

function table(max: number, ...sessions: SessionState[]): SessionTable {
  closed.length = 0
  const open = new SessionTable(max, 1_000)
  for (const one of sessions) {
    expect(open.reserve()).toBe(true)
    open.settle(one)
  }
  return open
}

describe('SessionTable', () => {
  it('at the cap evicts the least recently used idle session, and the evicted id is gone', () => {
    const open = table(3, session('a', 30), session('b', 10), session('c', 20))
    expect(open.reserve()).toBe(true)
    expect(closed).toEqual(['b'])
    expect(open.get('b')).toBeUndefined()
    open.settle(session('d', 40))
    expect(open.size).toBe(3)
  })

  it('evicts a session nobody is connected to before an older one with an open stream', () => {
    const connected = session('connected', 10)
    const open = table(2, connected, session('left', 20))
    open.track(connected, response(), 'stream')
    connected.seen = 10
    expect(open.reserve()).toBe(true)
    expect(closed).toEqual(['left'])
  })

  it('never evicts a busy session; with every session busy it refuses', async () => {
    const [a, b] = [session('a', 10), session('b', 20)]
    const open = table(2, a, b)
    const post = response()
    open.track(a, post, 'request')
    let finish: (() => void) | undefined
    const run = open.during(b, () => new Promise<void>((resolve) => (finish = resolve)))
    expect(open.reserve()).toBe(false)
    expect(closed).toEqual([])
    // why: a program keeps its session busy after its POST is answered or dropped.
    post.emit('close')
    expect(open.reserve()).toBe(true)
    expect(closed).toEqual(['a'])
    open.settle(session('c', Number.MAX_SAFE_INTEGER))
    finish?.()
    await run
    expect(open.reserve()).toBe(true)
    expect(closed).toEqual(['a', 'b'])
  })

  it('counts reserved places, so concurrent initializations cannot overshoot the cap', () => {
    const open = table(2)
    expect([open.reserve(), open.reserve(), open.reserve()]).toEqual([true, true, false])
    open.settle(session('a', 1))
    open.settle()
    expect(open.reserve()).toBe(true)
  })

  it('sweeps sessions idle past idleMs with no open stream, not busy or connected ones', () => {
    const [idle, fresh, connected, busy] = [
      session('idle', 0),
      session('fresh', 500),
      session('connected', 0),
      session('busy', 0),
    ]
    const open = table(8, idle, fresh, connected, busy)
    open.track(connected, response(), 'stream')
    open.track(busy, response(), 'request')
    for (const one of [connected, busy]) one.seen = 0
    expect(open.sweep(1_200)).toBe(1)
    expect(closed).toEqual(['idle'])
    expect(open.sweep(1_600)).toBe(1)
    expect(closed).toEqual(['idle', 'fresh'])
    expect(open.size).toBe(2)
  })
})
