// Opt-in adaptive busy polling for the answer to binding results (rule RT-41 in
// docs/runtime-contract.md): between the supervised runtime's two processes, and in-process
// between the host and the isolate's thread. On a virtual machine a thread that sleeps in the OS
// between two messages pays 50–150 µs to be woken, more than the JavaScript a binding call runs.
import type { PollCounts } from '../isolate/pool-stats.ts'

/** Where a {@link PeerPoll} counts, and (for tests) its clock in ms and how it schedules a tick. */
export interface PollOptions {
  counts?: PollCounts
  clock?: () => number
  schedule?: (tick: () => void) => void
}

// why: once answers miss the window (a slow tool, a long stretch of program code), one wait in
// this many still polls, so a peer that is fast again is noticed; a miss costs one window.
const PROBE_EVERY = 8

/**
 * Polling of one peer, spin-then-sleep: after a message whose answer this process waits for,
 * the event loop keeps turning (one `setImmediate` at a time, so every other callback still
 * runs) until the answer arrives or `windowMs` has passed, then sleeps in the OS as usual.
 * It polls only while answers keep arriving within the window; the CPU it burns is bounded by
 * one window a wait, and by one window in {@link PROBE_EVERY} waits while answers come late.
 */
export class PeerPoll {
  readonly counts: PollCounts
  // why: the send time of the message whose answer is awaited; undefined while none is.
  private since: number | undefined
  private until = 0
  private polling = false
  private looping = false
  private late = false
  private lateWaits = 0

  private readonly clock: () => number
  private readonly schedule: (tick: () => void) => void

  /** `counts` may be shared by several polls (the parent's, one per child process). */
  constructor(
    private readonly windowMs: number,
    options: PollOptions = {},
  ) {
    this.counts = options.counts ?? { polled: 0, caught: 0, skipped: 0 }
    this.clock = options.clock ?? (() => performance.now())
    this.schedule = options.schedule ?? ((tick) => void setImmediate(tick))
  }

  /** A message went out whose answer this process now waits for. */
  sent(): void {
    const now = this.clock()
    this.since = now
    this.polling = false
    if (this.windowMs <= 0) return
    if (this.late && ++this.lateWaits % PROBE_EVERY !== 0) {
      this.counts.skipped++
      return
    }
    this.polling = true
    this.counts.polled++
    this.until = now + this.windowMs
    if (!this.looping) {
      this.looping = true
      this.schedule(this.tick)
    }
  }

  /** The awaited answer arrived: polling stops, and its timing decides whether the next wait polls. */
  answered(): void {
    if (this.since === undefined) return
    const inWindow = this.clock() - this.since <= this.windowMs
    if (inWindow && this.polling) this.counts.caught++
    this.late = !inWindow
    this.since = undefined
  }

  /** Nothing is awaited any more (the run ended): polling stops, nothing is learned. */
  stop(): void {
    this.since = undefined
  }

  /** Whether this process is waiting for an answer (polling or not). */
  get waiting(): boolean {
    return this.since !== undefined
  }

  private readonly tick = (): void => {
    if (this.since !== undefined && this.polling && this.clock() < this.until) this.schedule(this.tick)
    else this.looping = false
  }
}
