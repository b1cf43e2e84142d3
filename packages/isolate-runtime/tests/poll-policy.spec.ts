import { describe, expect, it } from 'vitest'
import { PeerPoll } from '../src/engine/peer-poll.ts'

/** A poll on a clock and a tick queue this test drives by hand (no real time, no real loop). */
function manual(windowMs: number) {
  let now = 0
  const ticks: (() => void)[] = []
  const poll = new PeerPoll(windowMs, { clock: () => now, schedule: (tick) => void ticks.push(tick) })
  return {
    poll,
    advance(ms: number) {
      now += ms
    },
    /** One turn of the loop: run the ticks queued now (not those they queue); how many ran. */
    turn(): number {
      const queued = ticks.splice(0)
      for (const tick of queued) tick()
      return queued.length
    },
    /** One whole wait: the message goes out and its answer comes `ms` later; whether it polled. */
    wait(ms: number): boolean {
      return this.waitBy(ms, ms)
    },
    /** One whole wait whose answer takes `polledMs` if this wait polls, else `sleptMs`; whether it polled. */
    waitBy(polledMs: number, sleptMs: number): boolean {
      const before = poll.counts.polled
      poll.sent()
      const polled = poll.counts.polled > before
      now += polled ? polledMs : sleptMs
      poll.answered()
      this.turn()
      return polled
    },
    get queued() {
      return ticks.length
    },
  }
}

describe('PeerPoll: spin, then sleep', () => {
  it('re-queues each tick inside the window and stops once it closes', () => {
    const m = manual(0.1)
    m.poll.sent()
    let ticks = 0
    for (let i = 0; i < 10 && m.queued > 0; i++) {
      m.advance(0.03)
      ticks += m.turn()
    }
    // why: 0.03 ms a tick: inside the 0.1 ms window at 0.03, 0.06 and 0.09; closed at 0.12.
    expect(ticks).toBe(4)
    expect(m.poll.waiting).toBe(true)
  })

  it('stops turning as soon as the answer arrives, and counts it caught', () => {
    const m = manual(0.1)
    m.poll.sent()
    m.advance(0.02)
    m.poll.answered()
    expect(m.turn()).toBe(1)
    expect(m.queued).toBe(0)
    expect(m.poll.counts).toEqual({ polled: 1, caught: 1, skipped: 0 })
  })

  it('after an answer that came too late, sleeps through the next waits but probes one in eight', () => {
    const m = manual(0.1)
    expect(m.wait(5)).toBe(true)
    const polled = Array.from({ length: 16 }, () => m.wait(5))
    expect(polled.filter(Boolean)).toHaveLength(2)
    expect(polled[7]).toBe(true)
    expect(polled[15]).toBe(true)
    expect(m.poll.counts).toEqual({ polled: 3, caught: 0, skipped: 14 })
  })

  it('polls again once an answer comes within the window', () => {
    const m = manual(0.1)
    m.wait(5)
    // why: not polled, yet answered in time (the peer is fast again): the next wait polls.
    expect(m.wait(0.05)).toBe(false)
    m.poll.sent()
    expect(m.poll.counts).toEqual({ polled: 2, caught: 0, skipped: 1 })
    expect(m.queued).toBe(1)
  })

  it('never polls with a window of 0, and stop() ends a wait without learning from it', () => {
    const off = manual(0)
    off.poll.sent()
    expect(off.queued).toBe(0)
    expect(off.poll.counts).toEqual({ polled: 0, caught: 0, skipped: 0 })

    const m = manual(0.1)
    m.poll.sent()
    m.advance(5)
    m.poll.stop()
    expect(m.poll.waiting).toBe(false)
    expect(m.turn()).toBe(1)
    m.poll.sent()
    // why: the stopped wait taught nothing, so the next one still polls.
    expect(m.poll.counts.polled).toBe(2)
  })

  it('runs one loop for overlapping waits', () => {
    const m = manual(0.1)
    m.poll.sent()
    m.poll.answered()
    m.poll.sent()
    expect(m.queued).toBe(1)
  })
})

/** Which of `count` waits polled, each answered in `polledMs` or `sleptMs` as it chose. */
const run = (m: ReturnType<typeof manual>, count: number, polledMs: number, sleptMs: number): boolean[] =>
  Array.from({ length: count }, () => m.waitBy(polledMs, sleptMs))

describe('PeerPoll: polls only while polling answers sooner than sleeping', () => {
  it('times sleeping at the eighth wait, then sleeps through all but one wait in 32 once polling is clearly slower', () => {
    const m = manual(0.1)
    // why: in time either way, so only the comparison decides: polling slows the peer (a busy other core).
    const first = run(m, 8, 0.09, 0.03)
    expect(first).toEqual([true, true, true, true, true, true, true, false])
    const next = run(m, 64, 0.09, 0.03)
    expect(next.filter(Boolean)).toHaveLength(2)
    expect(m.poll.counts).toEqual({ polled: 9, caught: 9, skipped: 63 })
  })

  it('keeps polling while polled waits are slower by less than half', () => {
    const m = manual(0.1)
    run(m, 8, 0.04, 0.03)
    expect(run(m, 64, 0.04, 0.03).filter((polled) => !polled)).toHaveLength(2)
  })

  it('while polling answers sooner, sleeps one wait in 32 to time sleeping again', () => {
    const m = manual(0.1)
    run(m, 8, 0.02, 0.08)
    const next = run(m, 64, 0.02, 0.08)
    expect(next.filter((polled) => !polled)).toHaveLength(2)
  })

  it('polls again once its sampled waits show polling has become the faster way', () => {
    const m = manual(0.1)
    run(m, 40, 0.09, 0.03)
    expect(run(m, 32, 0.09, 0.03).filter(Boolean)).toHaveLength(1)
    // why: the other core is idle again: one sampled poll in 32 moves the average an eighth of the way.
    run(m, 32 * 16, 0.01, 0.03)
    expect(run(m, 32, 0.01, 0.03).filter(Boolean).length).toBeGreaterThanOrEqual(31)
  })

  it('leaves waits longer than four windows out of the comparison', () => {
    const m = manual(0.1)
    run(m, 8, 0.02, 0.08)
    // why: every polled wait meets a slow tool (5 ms): it says nothing of how fast polling learns of
    // an answer, so polling stays the faster way once the tool is fast again.
    run(m, 16, 5, 0.08)
    expect(run(m, 32, 0.02, 0.08).filter(Boolean).length).toBeGreaterThanOrEqual(30)
  })
})
