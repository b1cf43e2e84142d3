import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootSupervised, echo, ns, run, sleep } from '../helpers.ts'

// why: whatever the machine's speed, the parent decides once per reply message whether to poll;
// sequential calls get one reply message each, so the counts add up exactly.
const CALLS = 20
const SEQUENTIAL = `let sum = 0\nfor (let i = 0; i < ${CALLS}; i++) sum += ((await tools.echo({ i })) as { i: number }).i\nreturn sum`
const SUM = (CALLS * (CALLS - 1)) / 2

describe('supervised runtime: polling for binding-call answers (pollMicros)', () => {
  let polling: Awaited<ReturnType<typeof bootSupervised>>
  let sleeping: Awaited<ReturnType<typeof bootSupervised>>
  beforeAll(async () => {
    ;[polling, sleeping] = await Promise.all([bootSupervised({ poolSize: 1, cpuBudgetMs: 2_000, wallBudgetMs: 5_000 }), bootSupervised({ poolSize: 1, cpuBudgetMs: 2_000, wallBudgetMs: 5_000, pollMicros: 0 })])
  })
  afterAll(() => Promise.all([polling.dispose(), sleeping.dispose()]))

  it('decides once per reply whether to poll, by default', async () => {
    const result = await run(polling.runtime, SEQUENTIAL, [ns('tools', { echo })])
    expect(result.value).toBe(SUM)
    const { polls } = polling.runtime.stats()
    expect(polls.polled + polls.skipped).toBe(CALLS)
    expect(polls.polled).toBeGreaterThanOrEqual(1)
    expect(polls.caught).toBeLessThanOrEqual(polls.polled)
  })

  it('never polls with pollMicros 0, and the program sees the same results', async () => {
    const result = await run(sleeping.runtime, SEQUENTIAL, [ns('tools', { echo })])
    expect(result.value).toBe(SUM)
    expect(sleeping.runtime.stats().polls).toEqual({ polled: 0, caught: 0, skipped: 0 })
  })

  it('keeps serving slow bindings and later runs while it polls', async () => {
    const slow = ns('tools', { echo: async (args) => (await sleep(15), echo(args)) })
    const before = polling.runtime.stats().polls
    const result = await run(polling.runtime, `const a = await tools.echo({ n: 1 })\nconst b = await tools.echo({ n: 2 })\nreturn [a, b]`, [slow])
    expect(result.value).toEqual([{ n: 1 }, { n: 2 }])
    const after = polling.runtime.stats().polls
    expect(after.polled + after.skipped - (before.polled + before.skipped)).toBe(2)
    expect((await run(polling.runtime, 'return 1')).value).toBe(1)
  })
})
