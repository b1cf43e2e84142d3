// Host side of the sandbox's setTimeout: each timer waits here (wall time; the isolate is idle, so
// no CPU), outside the serial binding queue, and every timer of a run is cleared when it settles.

/** The namespace index the guest prelude sends timer waits on (no binding namespace has it). */
export const TIMER_NAMESPACE = -1

// why: Node's own limit; a longer delay fires at once there, here it waits until the wall budget.
const MAX_DELAY_MS = 2_147_483_647

/** The live host timers of one run. */
export class RunTimers {
  private readonly live = new Set<ReturnType<typeof setTimeout>>()

  /** Call `fire` after `delay` ms (clamped to 0…2^31-1; anything not a number waits 0). */
  start(delay: unknown, fire: () => void): void {
    const ms = typeof delay === 'number' && delay > 0 ? Math.min(delay, MAX_DELAY_MS) : 0
    const handle = setTimeout(() => {
      this.live.delete(handle)
      fire()
    }, ms)
    this.live.add(handle)
  }

  /** Clear every pending timer; none of them fires afterwards. */
  clear(): void {
    for (const handle of this.live) clearTimeout(handle)
    this.live.clear()
  }
}
