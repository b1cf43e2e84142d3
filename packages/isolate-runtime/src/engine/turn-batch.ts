/**
 * Items gathered during one host turn and handed on together once it is over: the first item of a
 * turn schedules one `setImmediate`, which runs after every microtask of the turn, so what a
 * `Promise.all` produces together crosses as one message, still in order. The run ledger's
 * replies and the supervised child's calls and log lines all batch this way.
 */
export class TurnBatch<T> {
  private items: T[] = []
  // why: the pending turn's end; set while a flush is scheduled, never otherwise.
  private pending: NodeJS.Immediate | undefined

  /** `turnEnded` runs once a turn with items is over; it takes them with {@link take} (or leaves them for later). */
  constructor(private readonly turnEnded: () => void) {}

  /** Add `item` and make sure the end of this turn is awaited. */
  push(item: T): void {
    this.items.push(item)
    this.pending ??= setImmediate(this.ended)
  }

  /** Whether items wait to be taken. */
  get waiting(): boolean {
    return this.items.length > 0
  }

  /** Whether the end of this turn is awaited already. */
  get scheduled(): boolean {
    return this.pending !== undefined
  }

  /** Take the items gathered so far (the batch starts empty again). */
  take(): T[] {
    const items = this.items
    this.items = []
    return items
  }

  /** Hand on now what waits, without waiting for the turn to end (code on this thread may crash the process next). */
  flushNow(): void {
    this.cancel()
    if (this.items.length > 0) this.turnEnded()
  }

  /** Drop every item and the awaited turn end; nothing is handed on. */
  clear(): void {
    this.cancel()
    this.items = []
  }

  private cancel(): void {
    if (this.pending !== undefined) clearImmediate(this.pending)
    this.pending = undefined
  }

  private readonly ended = (): void => {
    this.pending = undefined
    if (this.items.length > 0) this.turnEnded()
  }
}
