import { McpError } from '@modelcontextprotocol/sdk/types.js'

/** JSON-RPC error code of a call refused because the run slots and the queue are full. */
export const SERVER_BUSY = -32_001
/** JSON-RPC error code of a call refused or aborted because the server is shutting down. */
export const SHUTTING_DOWN = -32_002

/** Limits of a {@link RunLimiter}. */
export interface RunLimits {
  /** Programs running at once. */
  maxRuns: number
  /** Programs waiting for a slot; one more is refused at once. */
  maxQueue: number
  /**
   * Programs one session may have running and waiting together; one more of that session is
   * refused at once. Default: half of `maxRuns` (at least 1), so one session never takes every slot.
   */
  maxPerSession?: number
}

/** The per-session share when none is given: half the run slots, at least one. */
export const defaultSessionShare = (maxRuns: number): number => Math.max(1, Math.floor(maxRuns / 2))

interface Waiter {
  start(): void
  refuse(error: McpError): void
}

/**
 * Admits at most `maxRuns` runs at once and `maxQueue` waiting ones; past that a run is refused
 * at once with a JSON-RPC error (never left hanging). On shutdown the queue is refused, new runs
 * are refused, and the running ones get an abort signal after a grace period.
 */
export class RunLimiter {
  private running = 0
  private readonly queue: Waiter[] = []
  private readonly shutdown = new AbortController()
  /** The abort controllers of the runs now in a slot. */
  private readonly slots = new Set<AbortController>()
  private readonly idleWaiters: Array<() => void> = []
  /** Runs running or waiting, per session that has any. */
  private readonly perSession = new Map<object, number>()
  /** Runs one session may have running and waiting together. */
  readonly sessionShare: number

  constructor(readonly limits: RunLimits) {
    this.sessionShare = limits.maxPerSession ?? defaultSessionShare(limits.maxRuns)
  }

  /** Runs now running and waiting, for logs and tests. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length }
  }

  /**
   * Run `task` in a slot, with a signal that aborts when `signal` does or the shutdown grace ends.
   * Throws a McpError (SERVER_BUSY or SHUTTING_DOWN) without running it when it cannot be admitted;
   * with a `session`, also when that session already has its share running and waiting.
   */
  async run<T>(signal: AbortSignal, task: (signal: AbortSignal) => Promise<T>, session?: object): Promise<T> {
    if (session !== undefined) {
      const held = this.perSession.get(session) ?? 0
      if (held >= this.sessionShare && !this.closing && !this.shutdown.signal.aborted)
        throw new McpError(
          SERVER_BUSY,
          `isocode is busy for this session: it already has ${held} ${held === 1 ? 'program' : 'programs'} running or waiting, its fair share of the ${this.limits.maxRuns} run slots (--max-session-runs ${this.sessionShare}); wait for one to finish, other sessions are still served`,
        )
      this.perSession.set(session, held + 1)
    }
    try {
      await this.admit(signal)
      const slot = this.slotSignal(signal)
      try {
        return await task(slot.signal)
      } finally {
        slot.end()
        this.release()
      }
    } finally {
      if (session !== undefined) {
        const left = (this.perSession.get(session) ?? 1) - 1
        if (left === 0) this.perSession.delete(session)
        else this.perSession.set(session, left)
      }
    }
  }

  /**
   * The signal of one run in a slot: aborted when `signal` is, or when the shutdown grace ends
   * (`close` aborts every slot's controller). `end` forgets it once the run settled.
   */
  private slotSignal(signal: AbortSignal): { signal: AbortSignal; end(): void } {
    // why: not AbortSignal.any: per run it made a signal that the long-lived shutdown signal kept
    // as a dependant (about 1% of the server's CPU under 8 clients); a set of live slots is enough.
    const controller = new AbortController()
    const follow = (): void => controller.abort(signal.reason)
    if (signal.aborted) follow()
    else if (this.shutdown.signal.aborted) controller.abort(this.shutdown.signal.reason)
    signal.addEventListener('abort', follow, { once: true })
    this.slots.add(controller)
    return {
      signal: controller.signal,
      end: () => {
        signal.removeEventListener('abort', follow)
        this.slots.delete(controller)
      },
    }
  }

  private admit(signal: AbortSignal): Promise<void> {
    if (this.shutdown.signal.aborted || this.closing) return Promise.reject(shuttingDown())
    if (this.running < this.limits.maxRuns) {
      this.running += 1
      return Promise.resolve()
    }
    if (this.queue.length >= this.limits.maxQueue) {
      const { maxRuns, maxQueue } = this.limits
      return Promise.reject(
        new McpError(
          SERVER_BUSY,
          `isocode is busy: ${maxRuns} ${maxRuns === 1 ? 'program is' : 'programs are'} running and ${maxQueue} ${maxQueue === 1 ? 'is' : 'are'} waiting (its --max-runs and --max-queue limits); retry later`,
        ),
      )
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          signal.removeEventListener('abort', leave)
          this.running += 1
          resolve()
        },
        refuse: (error) => {
          signal.removeEventListener('abort', leave)
          reject(error)
        },
      }
      // why: a client that gives up while queued must free its place, not run later for nobody.
      const leave = (): void => {
        const index = this.queue.indexOf(waiter)
        if (index !== -1) this.queue.splice(index, 1)
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new Error('the request was cancelled while waiting for a run slot'),
        )
      }
      signal.addEventListener('abort', leave, { once: true })
      this.queue.push(waiter)
    })
  }

  private release(): void {
    this.running -= 1
    const next = this.queue.shift()
    if (next !== undefined) next.start()
    else if (this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake()
  }

  private closing = false

  /**
   * Stop admitting runs and refuse the queued ones; wait up to `graceMs` for the running ones,
   * then abort them and wait for them to settle.
   */
  async close(graceMs: number): Promise<void> {
    this.closing = true
    for (const waiter of this.queue.splice(0)) waiter.refuse(shuttingDown())
    if (this.running === 0) return
    const idle = new Promise<void>((resolve) => void this.idleWaiters.push(resolve))
    let timer: NodeJS.Timeout | undefined
    const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)))
    const outcome = await Promise.race([idle, graceOver])
    clearTimeout(timer)
    if (outcome === 'late') {
      this.shutdown.abort(shuttingDown())
      for (const slot of this.slots) slot.abort(this.shutdown.signal.reason)
      await idle
    }
  }
}

function shuttingDown(): McpError {
  return new McpError(SHUTTING_DOWN, 'isocode is shutting down and takes no new programs; retry on another instance')
}
