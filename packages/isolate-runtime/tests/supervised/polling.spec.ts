import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bootSupervised,
  echo,
  ns,
  ONE_DECISION_PER_CALL,
  POLLED_PROGRAM,
  POLLED_SUM,
  pollDecisions,
  run,
  sleep,
} from '../helpers.ts'

const budgets = { poolSize: 1, cpuMs: 2_000, wallMs: 5_000 }
const POLLING = { ...budgets, pollMicros: 200 }

describe('supervised runtime: polling for binding-call answers across the processes (pollMicros)', () => {
  let polling: Awaited<ReturnType<typeof bootSupervised>>
  let sleeping: Awaited<ReturnType<typeof bootSupervised>>
  beforeAll(async () => {
    ;[polling, sleeping] = await Promise.all([bootSupervised(POLLING), bootSupervised(budgets)])
  })
  afterAll(() => Promise.all([polling.dispose(), sleeping.dispose()]))

  it("decides once per reply whether the parent polls for the child's next call, with pollMicros set", async () => {
    expect(await pollDecisions(polling.runtime)).toEqual(ONE_DECISION_PER_CALL)
  })

  it('never polls by default (pollMicros 0), and the program sees the same results', async () => {
    expect((await run(sleeping.runtime, POLLED_PROGRAM, [ns('tools', { echo })])).value).toBe(POLLED_SUM)
    expect(sleeping.runtime.stats().polls).toEqual({ polled: 0, caught: 0, skipped: 0 })
  })

  it('keeps serving slow bindings and later runs while it polls', async () => {
    const slow = ns('tools', { echo: async (args) => (await sleep(15), echo(args)) })
    const before = polling.runtime.stats().polls
    const result = await run(
      polling.runtime,
      `const a = await tools.echo({ n: 1 })\nconst b = await tools.echo({ n: 2 })\nreturn [a, b]`,
      [slow],
    )
    expect(result.value).toEqual([{ n: 1 }, { n: 2 }])
    const after = polling.runtime.stats().polls
    expect(after.polled + after.skipped - (before.polled + before.skipped)).toBe(2)
    expect((await run(polling.runtime, 'return 1')).value).toBe(1)
  })
})
