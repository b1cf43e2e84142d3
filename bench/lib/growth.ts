// RSS samples of the soak and the growth verdict over them: the mean of a window of samples just
// after warm-up against the mean of the last window, so one sample's GC phase cannot decide it.

/** One soak sample: runs done and RSS, plus the children in supervised mode. */
export interface Sample {
  runs: number
  rssMb: number
  /** Supervised mode: live runtime children, their summed RSS and each one's. */
  children?: { count: number; rssMb: number; eachMb: number[] }
  /** Supervised mode: false when the pause before the sample failed (runs still in flight, the probe failed, or a child missing). */
  quiet?: boolean
}

/** Growth over `samples`: `warmUpRuns` skipped, then the means of `size` samples at each end. */
export function growthWindows(samples: readonly Sample[], warmUpRuns: number, size: number) {
  const afterWarmUp = samples.filter((sample) => sample.runs >= warmUpRuns)
  const warm = afterWarmUp.slice(0, size)
  const last = afterWarmUp.slice(-size)
  const meanOf = (window: Sample[], mb: (sample: Sample) => number | undefined): number | undefined => {
    const values = window.map(mb).filter((value): value is number => value !== undefined)
    return values.length === 0
      ? undefined
      : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10
  }
  const span = (window: Sample[]): string =>
    window.length === 0 ? 'none' : `${window[0]?.runs}–${window.at(-1)?.runs} runs`
  /** Percent growth from the warm window's mean to the last window's mean (0 without samples). */
  const growthOf = (mb: (sample: Sample) => number | undefined): number => {
    const from = meanOf(warm, mb)
    const to = meanOf(last, mb)
    return from !== undefined && to !== undefined ? ((to - from) / from) * 100 : 0
  }
  /** One printable line: start, the two window means and the growth. */
  const rssLine = (label: string, mb: (sample: Sample) => number | undefined, percent: number): string =>
    `${label}: start ${samples[0] === undefined ? '?' : mb(samples[0])} MB, after warm-up (mean of ${span(warm)}) ${meanOf(warm, mb) ?? '?'} MB, end (mean of ${span(last)}) ${meanOf(last, mb) ?? '?'} MB, growth after warm-up ${percent.toFixed(1)}%`
  return { growthOf, rssLine }
}
