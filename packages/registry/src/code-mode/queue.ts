/** Why a queued sub-call never ran. */
export class SettledError extends Error {
  override name = 'SettledError'
}

interface Entry {
  run: () => void
  refuse: () => void
  /** How many concurrent tasks may overlap with this one; undefined = it runs alone. */
  limit: number | undefined
}

/**
 * The per-run queue of the dispatch bridge: tasks start in submission order (even under
 * `Promise.all`); a task enqueued with a `limit` may overlap other such tasks up to that many at
 * once, any other runs alone. Once the run settles nothing queued or new starts.
 */
export class DispatchQueue {
  private readonly waiting: Entry[] = []
  private running = 0
  private exclusive = false
  private settled = false
  private idle: Array<() => void> = []
  private readonly idleListeners: Array<() => void> = []

  /** Whether the run has settled; later calls are rejected without dispatch. */
  get closed(): boolean {
    return this.settled
  }

  /**
   * Run `task` once every earlier task started and the ones still running allow it; rejects with
   * SettledError if the run settled first. `limit` marks a concurrency-safe task (see the class).
   */
  enqueue<T>(task: () => Promise<T>, refusal: () => string, limit?: number): Promise<T> {
    if (this.settled) return Promise.reject(new SettledError(refusal()))
    return new Promise<T>((resolve, reject) => {
      const refuse = (): void => reject(new SettledError(refusal()))
      const run = (): void => {
        // why: started one microtask later, like a queue turn; rule R-63 in
        // docs/registry-contract.md — a call still queued when the run settles is never dispatched.
        void Promise.resolve()
          .then(() => {
            if (this.settled) throw new SettledError(refusal())
            return task()
          })
          .then(resolve, reject)
          .finally(() => this.finished())
      }
      this.waiting.push({ run, refuse, limit })
      this.pump()
    })
  }

  /** Whether no task runs or waits now. */
  get idleNow(): boolean {
    return this.running === 0 && this.waiting.length === 0
  }

  /** Call `listener` each time the queue becomes idle (no task runs or waits) after a task finished. */
  onIdle(listener: () => void): void {
    this.idleListeners.push(listener)
  }

  /** Close the queue, refuse what still waits, and wait for the running tasks to finish. */
  async settle(): Promise<void> {
    this.settled = true
    for (const entry of this.waiting.splice(0)) entry.refuse()
    if (this.running === 0) return
    await new Promise<void>((resolve) => this.idle.push(resolve))
  }

  private finished(): void {
    this.running--
    if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve()
    this.pump()
    if (this.idleNow) for (const listener of this.idleListeners) listener()
  }

  private pump(): void {
    while (!this.settled) {
      const next = this.waiting[0]
      if (next === undefined) return
      const fits = this.running === 0 || (next.limit !== undefined && !this.exclusive && this.running < next.limit)
      if (!fits) return
      this.waiting.shift()
      this.running++
      this.exclusive = next.limit === undefined
      next.run()
    }
  }
}
