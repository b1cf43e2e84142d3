import type ivm from 'isolated-vm-types'
import { onAbort } from '@isocode/code-runtime'
import { isolatedVm } from './ivm.ts'
import { GUEST_PRELUDE } from '../guest/prelude.ts'
import { GuestContext } from './bridge.ts'
import { emptyStats, type PoolStats } from './stats.ts'

/** Sizing of an {@link IsolatePool}. */
export interface PoolOptions {
  size: number
  memoryLimitMb: number
  maxRunsPerIsolate: number
  /** Create isolates and contexts with V8 inspector support, so a budget kill can pause one (locate.ts). */
  inspector: boolean
}

/**
 * One warm isolate: its compiled prelude, the next context (prepared off the critical path) and
 * a run counter for recycling. A slot is lent to one run at a time.
 */
export class IsolateSlot {
  runs = 0
  readonly isolate: ivm.Isolate
  private readonly prelude: ivm.Script
  private next: Promise<GuestContext> | undefined
  private ready: GuestContext | undefined
  private retired = false
  private abandoned = false

  constructor(
    memoryLimitMb: number,
    private readonly stats: PoolStats,
    private readonly inspector = false,
  ) {
    // why: only where a budget kill may pause the isolate (the supervised child); no session
    // exists until then, and a program cannot reach one.
    this.isolate = new (isolatedVm().Isolate)({ memoryLimit: memoryLimitMb, inspector })
    stats.isolatesCreated++
    this.prelude = this.isolate.compileScriptSync(GUEST_PRELUDE, { filename: 'isocode-prelude.js' })
  }

  /**
   * Start preparing the next context; resolves when the slot can take a run. The isolate runs
   * nothing else meanwhile (the slot is not lent), so its CPU clock brackets the preparation.
   */
  prepare(): Promise<GuestContext> {
    const cpuBefore = this.cpuTimeNs()
    const next = GuestContext.prepare(this.isolate, this.prelude, this.inspector)
    this.next = next
    this.ready = undefined
    void next.then(
      (context) => {
        this.stats.contextsPrepared++
        this.stats.preparationCpuMs += Number(this.cpuTimeNs() - cpuBefore) / 1e6
        if (this.next === next) this.ready = context
      },
      () => undefined,
    )
    return next
  }

  /**
   * The prepared context for the run that just acquired this slot: the context itself when it is
   * ready (the usual case, no await on the critical path), else the pending preparation.
   */
  take(): GuestContext | Promise<GuestContext> {
    const next = this.ready ?? this.next ?? this.prepare()
    this.next = undefined
    this.ready = undefined
    return next
  }

  /** CPU time this isolate has used, ns (0 once disposed). */
  cpuTimeNs(): bigint {
    try {
      return this.isolate.cpuTime
    } catch {
      return 0n
    }
  }

  /** Where runs on this slot count their polling (PoolStats.polls). */
  get pollCounts(): PoolStats['polls'] {
    return this.stats.polls
  }

  /** Count one program start (`start`) or settlement made from the host's thread (PoolStats). */
  noteHostThread(what: 'start' | 'resume'): void {
    if (what === 'start') this.stats.hostThreadStarts++
    else this.stats.hostThreadResumes++
  }

  get isDisposed(): boolean {
    return this.abandoned || this.isolate.isDisposed
  }

  /**
   * Leave the isolate paused where a budget kill located the program: it is never used or disposed
   * again (isolated-vm crashes disposing a paused isolate), and its process is expected to exit.
   */
  abandon(): void {
    if (this.abandoned || this.isolate.isDisposed) return
    this.abandoned = true
    this.stats.isolatesAbandoned++
  }

  /** Dispose the isolate; idempotent, never throws (an OOM may have disposed it already). */
  kill(): void {
    // why: read before disposal; a disposed isolate (an OOM) reads 0 and counts nothing.
    const cpuNs = this.retired ? 0n : this.cpuTimeNs()
    try {
      if (!this.abandoned && !this.isolate.isDisposed) this.isolate.dispose()
    } catch {
      // why: disposal must never mask the run's real outcome.
    }
    // why: counted once, whether we disposed it or a heap limit already had.
    if (!this.retired) {
      this.retired = true
      this.stats.isolatesDisposed++
      this.stats.isolateCpuMs += Number(cpuNs) / 1e6
    }
  }
}

interface Waiter {
  grant(slot: IsolateSlot | undefined): void
}

/**
 * A fixed number of warm isolates; runs beyond the pool size wait in FIFO order. Idle slots hold
 * a ready context and are lent most recently used first: the isolate that just ran has the
 * warmest caches, and the other one keeps its ready context for a run that overlaps.
 */
export class IsolatePool {
  // why: a stack; every slot in it has its next context ready.
  private readonly idle: IsolateSlot[] = []
  private readonly waiters: Waiter[] = []
  private readonly background = new Set<Promise<unknown>>()
  private disposed = false

  /** Lifetime counts; read through InProcessIsolateRuntime.stats(). */
  readonly stats: PoolStats = emptyStats()

  constructor(private readonly options: PoolOptions) {}

  /** Create every isolate and its first context; resolves when the pool is warm. */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.size }, () => this.spawn()))
  }

  /** A warm slot at once, if one is idle and nobody queues ahead; the fast path of a run. */
  tryAcquire(): IsolateSlot | undefined {
    return this.disposed || this.waiters.length > 0 ? undefined : this.idle.pop()
  }

  /** Wait for a warm slot in FIFO order; `undefined` if the pool was disposed or `signal` fired. */
  acquire(signal?: AbortSignal): Promise<IsolateSlot | undefined> {
    if (this.disposed) return Promise.resolve(undefined)
    const ready = this.idle.pop()
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
    })
  }

  /**
   * Give a slot back: reuse it with a fresh context, or dispose and replace it in the background.
   * The preparation (~0.3 ms of isolate CPU, mostly V8 building the context) starts at once on the
   * slot's own thread.
   */
  release(slot: IsolateSlot, reusable: boolean): void {
    slot.runs++
    if (this.disposed) {
      slot.kill()
      return
    }
    if (!reusable || slot.isDisposed || slot.runs >= this.options.maxRunsPerIsolate) {
      slot.kill()
      this.track(new Promise((resolve) => setImmediate(resolve)).then(() => this.spawn()))
      return
    }
    this.track(this.warm(slot))
  }

  /** Dispose every isolate and wait until all background work has finished; idempotent. */
  async dispose(live: Iterable<IsolateSlot>): Promise<void> {
    this.disposed = true
    for (const waiter of this.waiters.splice(0)) waiter.grant(undefined)
    for (const slot of [...this.idle.splice(0), ...live]) slot.kill()
    while (this.background.size > 0) await Promise.allSettled(this.background)
  }

  private async spawn(): Promise<void> {
    if (this.disposed) return
    const slot = new IsolateSlot(this.options.memoryLimitMb, this.stats, this.options.inspector)
    await this.warm(slot)
  }

  private async warm(slot: IsolateSlot): Promise<void> {
    try {
      await slot.prepare()
    } catch {
      slot.kill()
      // why: a context that cannot be made means a broken isolate; replace it unless shutting down.
      if (!this.disposed) this.track(new Promise((resolve) => setTimeout(resolve, 20)).then(() => this.spawn()))
      return
    }
    if (this.disposed) {
      slot.kill()
      return
    }
    const waiter = this.waiters.shift()
    if (waiter !== undefined) waiter.grant(slot)
    else this.idle.push(slot)
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.background.delete(tracked))
    this.background.add(tracked)
  }
}
