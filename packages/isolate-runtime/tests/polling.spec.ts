import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  boot,
  echo,
  ns,
  ONE_DECISION_PER_CALL,
  POLLED_PROGRAM,
  POLLED_SUM,
  pollDecisions,
  run,
  sleep,
} from './helpers.ts'

const budgets = { poolSize: 1, cpuMs: 2_000, wallMs: 5_000 }
const POLLING = { ...budgets, pollMicros: 200 }

describe('in-process runtime: polling for the program after settling its calls (pollMicros)', () => {
  let polling: Awaited<ReturnType<typeof boot>>
  let sleeping: Awaited<ReturnType<typeof boot>>
  let hostThread: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    ;[polling, sleeping, hostThread] = await Promise.all([
      boot(POLLING),
      boot(budgets),
      boot({ ...POLLING, resumeOnHostThread: true }),
    ])
  })
  afterAll(() => Promise.all([polling.dispose(), sleeping.dispose(), hostThread.dispose()]))

  it('decides once per settlement whether to poll, with pollMicros set', async () => {
    expect(await pollDecisions(polling.runtime)).toEqual(ONE_DECISION_PER_CALL)
  })

  it('never polls by default (pollMicros 0), nor where code after an await runs on the host thread', async () => {
    for (const app of [sleeping, hostThread]) {
      expect((await run(app.runtime, POLLED_PROGRAM, [ns('tools', { echo })])).value).toBe(POLLED_SUM)
      expect(app.runtime.stats().polls).toEqual({ polled: 0, caught: 0, skipped: 0 })
    }
  })

  it('keeps serving slow bindings and a concurrent run while it polls', async () => {
    const slow = ns('tools', { echo: async (args) => (await sleep(15), echo(args)) })
    const two = await Promise.all([
      run(
        polling.runtime,
        `const a = await tools.echo({ n: 1 })\nconst b = await tools.echo({ n: 2 })\nreturn [a, b]`,
        [slow],
      ),
      run(polling.runtime, POLLED_PROGRAM, [ns('tools', { echo })]),
    ])
    expect(two.map((result) => result.value)).toEqual([[{ n: 1 }, { n: 2 }], POLLED_SUM])
  })
})
