import type ivm from 'isolated-vm-types'
import { isolatedVm } from './ivm.ts'
import { GUEST_PRELUDE } from '../guest/prelude.ts'
import { GuestContext } from './guest-context.ts'
import type { PoolStats } from './pool-stats.ts'

/**
 * One warm isolate: its compiled prelude, the next context (prepared off the critical path) and
 * a run counter for recycling. A slot is lent to one run at a time.
 */
export class IsolateSlot {
  runs = 0
  /** When the pool last lent or took back this slot (performance.now() ms): how long a spare sat unused. */
  usedAt = performance.now()
  private onRunEnded: (() => void) | undefined
  readonly isolate: ivm.Isolate
  private readonly prelude: ivm.Script
  private next: Promise<GuestContext> | undefined
  private ready: GuestContext | undefined
  private retired = false
  private abandoned = false

  constructor(
    memoryMb: number,
    private readonly stats: PoolStats,
    private readonly inspector = false,
  ) {
    // why: only where a budget kill may pause the isolate (the supervised child); no session
    // exists until then, and a program cannot reach one.
    this.isolate = new (isolatedVm().Isolate)({ memoryLimit: memoryMb, inspector })
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

  /** Lend the slot to one run; `ended` is called once, when that run settles. */
  lend(ended: () => void): void {
    this.usedAt = performance.now()
    this.onRunEnded = ended
  }

  /** The run this slot was lent to has settled (its context may still be releasing); idempotent. */
  runEnded(): void {
    const ended = this.onRunEnded
    this.onRunEnded = undefined
    ended?.()
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
