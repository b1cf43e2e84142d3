// Counters read around each sample of a task, in its beforeEach/afterEach hooks, so the reads
// stay outside the timed window (tinybench times only the task function).

/** Task hooks in the shape tinybench's `bench.add(name, fn, options)` takes. */
export interface SampleHooks {
  beforeEach(): void
  afterEach(): void
}

/**
 * Sums how much each counter of `read()` grew across every sample of one task (warm-up
 * included), and counts the samples; `totals()` reads both at any time.
 */
export function deltaMeter<K extends string>(
  read: () => Record<K, number>,
): { hooks: SampleHooks; totals(): { sums: Record<K, number>; samples: number } } {
  let before = read()
  const sums = Object.fromEntries(Object.keys(before).map((key) => [key, 0])) as Record<K, number>
  let samples = 0
  return {
    hooks: {
      beforeEach: () => {
        before = read()
      },
      afterEach: () => {
        const after = read()
        for (const key of Object.keys(sums) as K[]) sums[key] += after[key] - before[key]
        samples++
      },
    },
    totals: () => ({ sums: { ...sums }, samples }),
  }
}
