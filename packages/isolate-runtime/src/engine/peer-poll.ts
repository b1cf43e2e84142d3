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

// why: one wait in this many takes the way the timings say is slower (sleeping while polling
// answers sooner, polling while sleeping does), so a change is noticed: another process busy on
// the other core, or idle again. Each costs one wake-up, or one window of CPU.
const SAMPLE_EVERY = 32

// why: a wait longer than this many windows timed a slow tool or a long stretch of program code,
// not how fast this process learns of the answer; it would drown the difference being measured.
const INFORMATIVE_WINDOWS = 4

// why: each timed wait moves the average this much of the way, so one odd wait cannot flip the choice.
const WEIGHT = 1 / 8

// why: polling is given up only once polled waits take this many times as long as slept ones.
// The two processes each time their own waits, and each one's sampled sleeps lengthen the other's
// polled waits; at 1 (any difference) that noise gave up a fifth of what polling saves when idle.
const SLOWER_BY = 1.5

/**
 * Polling of one peer, spin-then-sleep: after a message whose answer this process waits for,
 * the event loop keeps turning (one `setImmediate` at a time, so every other callback still
 * runs) until the answer arrives or `windowMs` has passed, then sleeps in the OS as usual.
 * It polls only while answers keep arriving within the window and while polled waits are not
 * clearly slower than slept ones; the CPU it burns is bounded by one window a wait, and by one
 * window in {@link PROBE_EVERY} (late answers) or {@link SAMPLE_EVERY} (sleeping is faster)
 * waits otherwise.
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
  /** Waits decided by comparing the two averages below (the late back-off counts its own). */
  private timedWaits = 0
  /** Moving averages of how long answers took, ms, in waits that polled and in waits that slept. */
  private polledMs: number | undefined
  private sleptMs: number | undefined

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
    if (!this.pollsNext()) {
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
    const tookMs = this.clock() - this.since
    const inWindow = tookMs <= this.windowMs
    if (inWindow && this.polling) this.counts.caught++
    this.late = !inWindow
    this.since = undefined
    if (tookMs > this.windowMs * INFORMATIVE_WINDOWS) return
    if (this.polling) this.polledMs = average(this.polledMs, tookMs)
    else this.sleptMs = average(this.sleptMs, tookMs)
  }

  /**
   * Whether the wait starting now polls (RT-41). Once polled waits take {@link SLOWER_BY} times as
   * long as slept ones (polling then slows the very peer it waits for: a busy other core), one
   * wait in {@link SAMPLE_EVERY}; else after a late answer, one in {@link PROBE_EVERY}; else all
   * but one in SAMPLE_EVERY, which sleeps to time sleeping (first at the PROBE_EVERY-th wait).
   */
  private pollsNext(): boolean {
    const { polledMs, sleptMs } = this
    if (polledMs !== undefined && sleptMs !== undefined && polledMs >= sleptMs * SLOWER_BY)
      return ++this.timedWaits % SAMPLE_EVERY === 0
    if (this.late) return ++this.lateWaits % PROBE_EVERY === 0
    const wait = ++this.timedWaits
    return wait % (sleptMs === undefined ? PROBE_EVERY : SAMPLE_EVERY) !== 0
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

const average = (mean: number | undefined, sample: number): number =>
  mean === undefined ? sample : mean + (sample - mean) * WEIGHT
