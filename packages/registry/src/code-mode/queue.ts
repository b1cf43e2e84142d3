/** Why a queued sub-call never ran. */
export class SettledError extends Error {
  override name = 'SettledError'
}

/**
 * The per-run serial queue of the dispatch bridge: tasks start one at a time in submission order
 * (even under `Promise.all`), and once the run settles nothing queued or new starts.
 */
export class DispatchQueue {
  private tail: Promise<unknown> = Promise.resolve()
  private settled = false

  /** Whether the run has settled; later calls are rejected without dispatch. */
  get closed(): boolean {
    return this.settled
  }

  /** Run `task` after every earlier task finished; rejects with SettledError if the run settled first. */
  enqueue<T>(task: () => Promise<T>, refusal: () => string): Promise<T> {
    if (this.settled) return Promise.reject(new SettledError(refusal()))
    const run = this.tail.then(() => {
      // why: rule R-63 in docs/registry-contract.md — a call still queued when the run settles is never dispatched.
      if (this.settled) throw new SettledError(refusal())
      return task()
    })
    this.tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  /** Close the queue and wait for the in-flight task (if any) to finish. */
  async settle(): Promise<void> {
    this.settled = true
    await this.tail
  }
}
