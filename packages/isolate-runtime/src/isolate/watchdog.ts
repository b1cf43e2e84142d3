/** One watched run: how to read its isolate's CPU time, its budgets and what to do on expiry. */
export interface Watch {
  cpuTimeNs(): bigint
  cpuStartNs: bigint
  cpuBudgetNs: bigint
  wallDeadline: number
  expire(budget: 'cpu' | 'wall'): void
}

/**
 * A host-side poller of `isolate.cpuTime` and the wall clock for every live run. It covers what
 * isolated-vm's `timeout` cannot: code after an await, microtask loops, never-settling bindings.
 * One interval serves all runs and only exists while some run is live.
 */
export class Watchdog {
  private readonly watched = new Set<Watch>()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly periodMs: number) {}

  /** Start watching; the returned function stops it (idempotent). */
  watch(watch: Watch): () => void {
    this.watched.add(watch)
    if (this.timer === undefined) {
      // why: ref'd on purpose: a live run is pending work (a never-settling binding holds
      // nothing else open), and the interval is cleared as soon as no run is live.
      this.timer = setInterval(() => this.tick(), this.periodMs)
    }
    return () => {
      this.watched.delete(watch)
      if (this.watched.size === 0 && this.timer !== undefined) {
        clearInterval(this.timer)
        this.timer = undefined
      }
    }
  }

  private tick(): void {
    const now = performance.now()
    for (const watch of this.watched) {
      if (watch.cpuTimeNs() - watch.cpuStartNs > watch.cpuBudgetNs) watch.expire('cpu')
      else if (now >= watch.wallDeadline) watch.expire('wall')
    }
  }
}
