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
      const before = poll.counts.polled
      poll.sent()
      now += ms
      poll.answered()
      this.turn()
      return poll.counts.polled > before
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
