import { afterAll, beforeAll, describe, it } from 'vitest'
import { defineBindingCases } from './bindings.ts'
import { defineBudgetCases } from './budgets.ts'
import { defineConsoleCases } from './console.ts'
import { defineEventCases } from './events.ts'
import { conformanceCases } from './ids.ts'
import { defineIsolationCases } from './isolation.ts'
import { defineJournalCases } from './journal.ts'
import { defineLifecycleCases } from './lifecycle.ts'
import { defineProgramCases } from './program.ts'
import { defineUsageCases } from './usage.ts'
import type {
  CodeRuntimeLike,
  ConformanceBudgets,
  ConformanceFactory,
  ConformanceHarness,
  ConformanceOptions,
  ConformanceSubject,
} from './types.ts'
import { defineValueCases } from './values.ts'

/** Budgets small enough that the whole kit runs in seconds. */
export const defaultConformanceBudgets: ConformanceBudgets = Object.freeze({
  cpuMs: 150,
  wallMs: 600,
  outputBytes: 4096,
  memoryMb: 32,
})

/**
 * Register the `ctx.codeRuntime` conformance cases (vitest `describe`/`it`) against a backend.
 * The factory must build a runtime configured with the budgets it is given.
 */
export function describeCodeRuntimeConformance(
  name: string,
  factory: ConformanceFactory,
  options: ConformanceOptions = {},
): void {
  const budgets: ConformanceBudgets = { ...defaultConformanceBudgets, ...options.budgets }
  const skip = new Set(options.skip ?? [])
  describe(`${name}: ctx.codeRuntime conformance`, () => {
    let shared: ConformanceSubject | undefined
    const extra = new Set<ConformanceSubject>()

    beforeAll(async () => {
      shared = await factory(budgets)
    })
    afterAll(async () => {
      await Promise.all([...extra].map((subject) => subject.dispose()))
      await shared?.dispose()
    })

    const harness: ConformanceHarness = {
      budgets,
      runtime(): CodeRuntimeLike {
        if (shared === undefined) throw new Error('conformance: the factory did not produce a runtime')
        return shared.runtime
      },
      async fresh(overrides = {}) {
        const subject = await factory({ ...budgets, ...overrides })
        let disposed: Promise<void> | undefined
        // why: idempotent, so a case may dispose it and afterAll may too.
        const wrapper: ConformanceSubject = {
          runtime: subject.runtime,
          dispose: () => (disposed ??= subject.dispose()),
        }
        extra.add(wrapper)
        return wrapper
      },
      test(id, body, timeoutMs) {
        // why: the assertions live in each case's body (see ./assert.ts).
        // oxlint-disable-next-line vitest/expect-expect
        it.skipIf(skip.has(id))(`${id}: ${conformanceCases[id]}`, body, timeoutMs ?? 10_000)
      },
    }

    defineValueCases(harness)
    defineProgramCases(harness)
    defineBindingCases(harness)
    defineConsoleCases(harness)
    defineBudgetCases(harness)
    defineLifecycleCases(harness)
    defineUsageCases(harness)
    defineEventCases(harness)
    defineJournalCases(harness)
    defineIsolationCases(harness)
  })
}
