// The facade's run admission: at most `concurrency` programs run at once, a bounded FIFO queue
// waits behind them, and a run past the queue is refused at once as a value (never left hanging).
import { onAbort } from '@isocode/code-runtime'

/** How many runs may wait for a slot, per run slot (`concurrency` × this). */
export const QUEUE_PER_SLOT = 16

/** Why a run was not admitted: `busy` (the queue is full) or `abort` (its signal, or close()). */
export interface Refusal {
  kind: 'busy' | 'abort'
  message: string
}

const programs = (n: number): string => `${n} program${n === 1 ? ' is' : 's are'}`

interface Waiter {
  start(): void
  refuse(refusal: Refusal): void
}

const reasonOf = (signal: AbortSignal): string => {
  const reason: unknown = signal.reason
  return reason instanceof Error ? reason.message : String(reason)
}

/**
 * Admits `concurrency` runs at once and queues up to `concurrency × QUEUE_PER_SLOT` more, in
 * arrival order; one more is refused with kind `busy`. A queued run whose signal fires leaves the
 * queue (kind `abort`); {@link close} refuses every queued run.
 */
export class RunSlots {
  private running = 0
  private readonly queue: Waiter[] = []
  private closed = false
  readonly queueLimit: number

  constructor(readonly concurrency: number) {
    this.queueLimit = concurrency * QUEUE_PER_SLOT
  }

  /** Wait for a slot: undefined once `signal`'s run may start (pair with {@link release}), else why not. */
  admit(signal: AbortSignal): Promise<Refusal | undefined> {
    if (this.closed)
      return Promise.resolve({ kind: 'abort', message: 'the Code Mode was closed before the run started' })
    if (this.running < this.concurrency) {
      this.running += 1
      return Promise.resolve(undefined)
    }
    if (this.queue.length >= this.queueLimit)
      return Promise.resolve({
        kind: 'busy',
        message: `isocode is busy: ${programs(this.concurrency)} running and ${this.queueLimit} waiting (createCodeMode's concurrency option sets how many run at once; ${QUEUE_PER_SLOT} times that may wait); retry later`,
      })
    if (signal.aborted)
      return Promise.resolve({ kind: 'abort', message: `the run was aborted before it started (${reasonOf(signal)})` })
    return new Promise((resolve) => {
      const waiter: Waiter = {
        start: () => {
          detach()
          this.running += 1
          resolve(undefined)
        },
        refuse: (refusal) => {
          detach()
          resolve(refusal)
        },
      }
      // why: a caller that gives up while queued frees its place instead of running later for nobody.
      const detach = onAbort(signal, () => {
        const index = this.queue.indexOf(waiter)
        if (index !== -1) this.queue.splice(index, 1)
        resolve({ kind: 'abort', message: `the run was aborted while waiting for a run slot (${reasonOf(signal)})` })
      })
      this.queue.push(waiter)
    })
  }

  /** Free the slot of a run that was admitted; the oldest queued run starts. */
  release(): void {
    this.running -= 1
    this.queue.shift()?.start()
  }

  /** Refuse every queued run and every later one (kind `abort`). */
  close(): void {
    this.closed = true
    for (const waiter of this.queue.splice(0))
      waiter.refuse({ kind: 'abort', message: 'the Code Mode was closed before the run started' })
  }
}
