import type { ServerResponse } from 'node:http'

/** What a {@link SessionTable} knows of one stateful session. */
export interface SessionState {
  /** Its Mcp-Session-Id (set when the transport hands it out). */
  id: string
  /** POST requests not yet answered plus programs still running: a busy session is never evicted. */
  busy: number
  /** Open GET streams: a client with one open is still connected. */
  streams: number
  /** performance.now() when it last started or finished a request. */
  seen: number
  /** Close its server and transport (the table has already dropped it). */
  close(): Promise<void>
}

/**
 * The open sessions of a stateful HTTP server, at most `maxSessions`. A new session that finds the
 * table full evicts the least recently used idle one (no request in flight, no program running;
 * one with no open stream first); only when every session is busy is it refused. A session
 * with no request for `idleMs` and no open stream is closed by {@link sweep}.
 */
export class SessionTable<S extends SessionState = SessionState> {
  private readonly open = new Map<string, S>()
  /** Initialize requests admitted but whose session is not in the table yet. */
  private reserved = 0

  constructor(
    readonly maxSessions: number,
    readonly idleMs: number,
  ) {}

  /** Open sessions. */
  get size(): number {
    return this.open.size
  }

  /** The session of `id`, or undefined when it ended (closed, expired, evicted) or never existed. */
  get(id: string): S | undefined {
    return this.open.get(id)
  }

  /**
   * Hold a place for one new session, evicting the least recently used idle session when the
   * table is full; false (nothing evicted) when every place is busy. Pair with {@link settle}.
   */
  reserve(): boolean {
    if (this.open.size + this.reserved >= this.maxSessions) {
      const victim = this.leastRecentlyUsedIdle()
      if (victim === undefined) return false
      this.end(victim)
    }
    this.reserved += 1
    return true
  }

  /** The reserved place is used by `session` (added to the table) or, without one, given back. */
  settle(session?: S): void {
    this.reserved -= 1
    if (session !== undefined) this.open.set(session.id, session)
  }

  /** Forget a session its transport closed (DELETE, shutdown); safe to call twice. */
  remove(id: string): void {
    this.open.delete(id)
  }

  /**
   * Count `res` as activity of `session` until it closes: a `request` (POST, DELETE) keeps it busy,
   * a `stream` (GET) marks its client connected. Both count as use.
   */
  track(session: SessionState, res: ServerResponse, kind: 'request' | 'stream'): void {
    const field = kind === 'request' ? 'busy' : 'streams'
    session[field] += 1
    session.seen = performance.now()
    res.once('close', () => {
      session[field] -= 1
      session.seen = performance.now()
    })
  }

  /** Run `work` (a program) as activity of `session`: it stays busy until the work settles. */
  async during<T>(session: SessionState, work: () => Promise<T>): Promise<T> {
    session.busy += 1
    try {
      return await work()
    } finally {
      session.busy -= 1
      session.seen = performance.now()
    }
  }

  /** Close every session idle for longer than `idleMs` with no open stream; how many closed. */
  sweep(now = performance.now()): number {
    const expired = [...this.open.values()].filter(
      (session) => session.busy === 0 && session.streams === 0 && now - session.seen > this.idleMs,
    )
    for (const session of expired) this.end(session)
    return expired.length
  }

  /** Every open session, dropped from the table (for shutdown). */
  drain(): S[] {
    const all = [...this.open.values()]
    this.open.clear()
    return all
  }

  private leastRecentlyUsedIdle(): S | undefined {
    let best: S | undefined
    for (const session of this.open.values()) {
      if (session.busy > 0) continue
      // why: a client whose stream is still open is likely to come back; one without has probably left (closed without DELETE).
      const better =
        best === undefined ||
        (session.streams === 0 && best.streams > 0) ||
        (session.streams > 0 === best.streams > 0 && session.seen < best.seen)
      if (better) best = session
    }
    return best
  }

  private end(session: S): void {
    // why: dropped first, so a request racing the close already gets 404 instead of a closing transport.
    this.open.delete(session.id)
    void session.close()
  }
}
