// What an open group transaction of the embedded store establishes of the runs it writes
// calls for. The group holds SQLite's write lock, so until it commits nothing else changes them:
// a run found held stays held, no call above the highest one seen appears, and a call it started
// stays started. A new call or an outcome it covers is queued without a statement of its own.

/** One run, as the open group knows it. */
export interface HotRun<R> {
  readonly holder: string
  /** The highest call number the run has. */
  max: number
  /** Calls this group started and has not recorded done, by number, with what their row holds. */
  readonly started: Map<number, R>
}

/** Runs known in one open group (`R`: what a started call's row holds); anything learnt in an earlier group is forgotten. */
export class GroupKnowledge<R> {
  #group: number | undefined
  readonly #runs = new Map<string, HotRun<R>>()

  /** What group `group` (the one open now, or undefined) knows of the run. */
  of(runId: string, group: number | undefined): HotRun<R> | undefined {
    return group === undefined || group !== this.#group ? undefined : this.#runs.get(runId)
  }

  /** Learns, in group `group`, that `holder` holds the run and started call `seq` of it, `max` its highest. */
  learn(group: number, runId: string, holder: string, max: number, seq: number, row: R): void {
    if (group !== this.#group) {
      this.#group = group
      this.#runs.clear()
    }
    const known = this.#runs.get(runId)
    if (known !== undefined && known.holder === holder) {
      known.max = Math.max(known.max, max)
      known.started.set(seq, row)
    } else this.#runs.set(runId, { holder, max, started: new Map([[seq, row]]) })
  }
}
