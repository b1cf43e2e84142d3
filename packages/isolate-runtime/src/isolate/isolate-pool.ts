import { onAbort } from '@isocode/code-runtime'
import { IsolateSlot } from './isolate-slot.ts'
import { emptyStats, type PoolStats } from './pool-stats.ts'

/** Sizing of an {@link IsolatePool}. */
export interface PoolOptions {
  /** Isolates kept warm, and the most runs lent at once. */
  size: number
  /** Isolates the pool may add while runs wait for a prepared context (never more concurrency). */
  spares: number
  /** How long, ms, an isolate beyond `size` may sit unused before it is disposed. */
  spareIdleMs: number
  memoryMb: number
  maxRunsPerIsolate: number
  /** Create isolates and contexts with V8 inspector support, so a budget kill can pause one (budget-site.ts). */
  inspector: boolean
}

interface Waiter {
  grant(slot: IsolateSlot | undefined): void
}

/**
 * `size` warm isolates lent to at most `size` runs at once; runs beyond that wait in FIFO order.
 * Idle slots hold a ready context and are lent most recently used first: the isolate that just
 * ran has the warmest caches. When a run could start but no context is ready yet (runs back to
 * back outpace the preparation of the next one), the pool adds a spare isolate, one at a time up
 * to `spares`, and disposes spares again once unused for `spareIdleMs`.
 */
export class IsolatePool {
  // why: a stack; every slot in it has its next context ready.
  private readonly idle: IsolateSlot[] = []
  private readonly waiters: Waiter[] = []
  private readonly background = new Set<Promise<unknown>>()
  private disposed = false
  // why: live isolates (lent, preparing, idle or being created), and those lent to a run.
  private isolates = 0
  private lent = 0
  private growing = false
  private retireTimer: NodeJS.Timeout | undefined

  /** Lifetime counts; read through IsolateEngine.stats(). */
  readonly stats: PoolStats = emptyStats()

  constructor(private readonly options: PoolOptions) {}

  /** Create every isolate and its first context; resolves when the pool is warm. */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.size }, () => this.spawn()))
  }

  /** A warm slot at once, if one is idle, a run may start and nobody queues ahead; the fast path of a run. */
  tryAcquire(): IsolateSlot | undefined {
    if (this.disposed || this.waiters.length > 0 || this.lent >= this.options.size) return undefined
    const slot = this.idle.pop()
    if (slot !== undefined) this.lend(slot)
    return slot
  }

  /** Wait for a warm slot in FIFO order; `undefined` if the pool was disposed or `signal` fired. */
  acquire(signal?: AbortSignal): Promise<IsolateSlot | undefined> {
    if (this.disposed) return Promise.resolve(undefined)
    const ready = this.tryAcquire()
    if (ready !== undefined) return Promise.resolve(ready)
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (slot) => {
          detach()
          resolve(slot)
        },
      }
      const detach = onAbort(signal, () => {
        const index = this.waiters.indexOf(waiter)
        if (index >= 0) this.waiters.splice(index, 1)
        resolve(undefined)
      })
      this.waiters.push(waiter)
      this.pump()
    })
  }

  /**
   * Give a slot back, a turn after its run settled (and called `runEnded`, which freed its place):
   * reuse it with a fresh context, or dispose and replace it in the background. The preparation (~0.3 ms of isolate CPU, mostly V8 building the context) starts at once on the
   * slot's own thread.
   */
  release(slot: IsolateSlot, reusable: boolean): void {
    slot.runs++
    slot.usedAt = performance.now()
    if (this.disposed) {
      slot.kill()
      return
    }
    if (!reusable || slot.isDisposed || slot.runs >= this.options.maxRunsPerIsolate) {
      // why: the replacement keeps the slot's place in the count, so no spare is added for the gap.
      slot.kill()
      this.track(new Promise((resolve) => setImmediate(resolve)).then(() => this.spawn(true)))
    } else {
      this.track(this.warm(slot))
    }
    // why: the run that ended frees a place; an idle slot may serve a waiter now.
    this.pump()
  }

  /** Dispose every isolate and wait until all background work has finished; idempotent. */
  async dispose(live: Iterable<IsolateSlot>): Promise<void> {
    this.disposed = true
    clearTimeout(this.retireTimer)
    for (const waiter of this.waiters.splice(0)) waiter.grant(undefined)
    for (const slot of [...this.idle.splice(0), ...live]) slot.kill()
    while (this.background.size > 0) await Promise.allSettled(this.background)
  }

  // why: a run counts against `size` until it settles, not until its slot is back a turn later:
  // the caller's next run must not wait for the previous run's cleanup.
  private lend(slot: IsolateSlot): void {
    this.lent++
    slot.lend(() => {
      this.lent--
      this.pump()
    })
  }

  /**
   * Hand idle slots to waiters while runs may start; if one still could but no context is ready,
   * add a spare isolate (one at a time) so that a prepared context waits for later runs.
   */
  private pump(): void {
    while (this.waiters.length > 0 && this.lent < this.options.size && this.idle.length > 0) {
      const slot = this.idle.pop() as IsolateSlot
      this.lend(slot)
      this.waiters.shift()?.grant(slot)
    }
    const waitingForContext = this.waiters.length > 0 && this.lent < this.options.size
    if (!waitingForContext || this.growing || this.disposed || this.isolates >= this.options.size + this.options.spares)
      return
    this.growing = true
    this.stats.sparesAdded++
    this.track(this.spawn().finally(() => (this.growing = false)))
  }

  /** Create an isolate and warm it; `replacing`: it takes the place of one already counted. */
  private async spawn(replacing = false): Promise<void> {
    if (this.disposed) return
    if (!replacing) this.isolates++
    let slot: IsolateSlot
    try {
      slot = new IsolateSlot(this.options.memoryMb, this.stats, this.options.inspector)
    } catch (error) {
      this.isolates--
      throw error
    }
    await this.warm(slot)
  }

  private async warm(slot: IsolateSlot): Promise<void> {
    try {
      await slot.prepare()
    } catch {
      slot.kill()
      // why: a context that cannot be made means a broken isolate; replace it unless shutting down.
      if (!this.disposed) this.track(new Promise((resolve) => setTimeout(resolve, 20)).then(() => this.spawn(true)))
      return
    }
    if (this.disposed) {
      slot.kill()
      return
    }
    this.idle.push(slot)
    this.pump()
    this.scheduleRetire()
  }

  /** While the pool holds spares, check now and then for those unused for `spareIdleMs`. */
  private scheduleRetire(): void {
    if (this.retireTimer !== undefined || this.isolates <= this.options.size || this.disposed) return
    // why: unref'd: an idle pool must not keep the host process alive.
    this.retireTimer = setTimeout(() => {
      this.retireTimer = undefined
      this.retireSpares()
      this.scheduleRetire()
    }, this.options.spareIdleMs).unref()
  }

  /** Dispose idle isolates beyond `size`, least recently used first, once unused for `spareIdleMs`. */
  private retireSpares(): void {
    const now = performance.now()
    // why: the bottom of the stack is the least recently used slot.
    for (let oldest = this.idle[0]; oldest !== undefined && this.isolates > this.options.size; oldest = this.idle[0]) {
      if (now - oldest.usedAt < this.options.spareIdleMs) return
      this.idle.shift()
      oldest.kill()
      this.isolates--
      this.stats.sparesRetired++
    }
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.background.delete(tracked))
    this.background.add(tracked)
  }
}
