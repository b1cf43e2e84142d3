import { afterEach, beforeEach, describe } from 'vitest'
import type { RunStoreOptions } from '../options.ts'
import type { RunStore } from '../run-store.ts'
import { callCases } from './calls.ts'
import { claimCases } from './claims.ts'
import { decisionCases } from './decisions.ts'
import { persistenceCases } from './persistence.ts'
import { programCases } from './programs.ts'
import { retentionCases } from './retention.ts'
import { runCases } from './runs.ts'
import { stateCases } from './state.ts'
import type { Harness, RunStoreConformanceFactory, RunStoreConformanceOptions, RunStoreSubject } from './types.ts'

/**
 * Registers the run store conformance suite (vitest) for one backend: runs, the write-ahead log,
 * decisions, claims and leases, retention and expiry, state, saved programs, and persistence.
 */
export function describeRunStoreConformance(
  name: string,
  factory: RunStoreConformanceFactory,
  kit: RunStoreConformanceOptions = { persistent: false },
): void {
  describe(`RunStore conformance: ${name}`, () => {
    let subject: RunStoreSubject | undefined
    let handles: RunStore[] = []
    let shared: RunStore | undefined
    const clock = {
      now: 1_700_000_000_000,
      tick(ms: number) {
        clock.now += ms
      },
    }
    const closeAll = async (): Promise<void> => {
      const open = handles
      handles = []
      shared = undefined
      await Promise.all(open.map((h) => h.close()))
    }
    const harness: Harness = {
      clock,
      subject: () => subject!,
      closeAll,
      async open(options: RunStoreOptions = {}) {
        const handle = await subject!.open({ clock: () => clock.now, ...options })
        handles.push(handle)
        return handle
      },
      async store() {
        shared ??= await harness.open()
        return shared
      },
    }
    beforeEach(async () => {
      clock.now = 1_700_000_000_000
      subject = await factory()
    })
    afterEach(async () => {
      await closeAll()
      await subject?.dispose?.()
      subject = undefined
    })
    runCases(harness)
    callCases(harness)
    decisionCases(harness)
    claimCases(harness)
    retentionCases(harness)
    stateCases(harness)
    programCases(harness)
    if (kit.persistent) persistenceCases(harness)
  })
}
