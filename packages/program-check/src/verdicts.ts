// The verdicts of recent checks against one SDK text, by program: a check is a function of
// the program and the SDK text alone, so a program checked again (a client's retry, the same
// program from many sessions) gets the earlier verdict without queueing behind the one worker.
import type { CheckResult } from './types.ts'

/** Program text kept at most (UTF-16 code units, summed over the entries), then the oldest go. */
const MAX_CHARS = 1_000_000
/** Programs kept at most. */
const MAX_ENTRIES = 1_024

/**
 * The verdicts (settled or still in flight) of the programs last checked against the SDK text of
 * the last check, least recently used first; a new SDK text forgets them all.
 */
export class VerdictCache {
  private sdkText: string | undefined
  private readonly byCode = new Map<string, Promise<CheckResult>>()
  private chars = 0

  /** The verdict of `code` against `sdkText`, or undefined when it was not checked (or was forgotten). */
  get(code: string, sdkText: string): Promise<CheckResult> | undefined {
    if (sdkText !== this.sdkText) return undefined
    const verdict = this.byCode.get(code)
    if (verdict === undefined) return undefined
    // why: re-inserted, so the least recently used entry is always the first in the map.
    this.byCode.delete(code)
    this.byCode.set(code, verdict)
    return verdict
  }

  /**
   * Keep `verdict` (a check just sent) for `code` against `sdkText`, so concurrent checks of the same
   * program share it. An `unchecked` outcome is dropped when it settles: it says the checker could
   * not answer, nothing about the program.
   */
  set(code: string, sdkText: string, verdict: Promise<CheckResult>): void {
    if (code.length > MAX_CHARS) return
    if (sdkText !== this.sdkText) {
      this.clear()
      this.sdkText = sdkText
    }
    this.forget(code)
    this.byCode.set(code, verdict)
    this.chars += code.length
    for (const oldest of this.byCode.keys()) {
      if (this.chars <= MAX_CHARS && this.byCode.size <= MAX_ENTRIES) break
      this.forget(oldest)
    }
    void verdict.then((result) => {
      if (result.status === 'unchecked' && this.byCode.get(code) === verdict) this.forget(code)
    })
  }

  /** Forget every verdict (the checker closed). */
  clear(): void {
    this.byCode.clear()
    this.chars = 0
    this.sdkText = undefined
  }

  private forget(code: string): void {
    if (this.byCode.delete(code)) this.chars -= code.length
  }
}
