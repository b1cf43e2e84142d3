// The library facade (createCodeMode) running programs at once: 8 runs started together, each
// waiting on a tool that waits 150 ms, against one such run, at `concurrency: 8`. With the runs
// truly overlapping the 8 take about as long as one.
import { createCodeMode } from 'isocode'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const WAIT_MS = 150
const RUNS = 8
const ONE = `facade: one run waiting on a ${WAIT_MS} ms tool (concurrency ${RUNS})`
const MANY = `facade: ${RUNS} concurrent runs each waiting on a ${WAIT_MS} ms tool (concurrency ${RUNS})`

const factory: SuiteFactory = async () => {
  // why: the default isolation (a supervised child process per run slot), as a library user gets it.
  const cm = await createCodeMode({
    concurrency: RUNS,
    tools: {
      wait: {
        description: `Wait ${WAIT_MS} ms, then answer.`,
        inputSchema: { type: 'object' },
        execute: async () => {
          await new Promise((resolve) => setTimeout(resolve, WAIT_MS))
          return 'waited'
        },
      },
    },
  })
  const once = async (): Promise<void> => {
    const result = await cm.run('return await tools.wait({})')
    if (!result.ok || result.value !== 'waited') throw new Error(`bench: a facade run gave ${JSON.stringify(result)}`)
  }

  // why: each task takes 150 ms or more, so fewer samples than the default are enough.
  const bench = createBench({ time: 2_000, warmupTime: 500 })
  bench.add(ONE, once)
  bench.add(MANY, async () => {
    await Promise.all(Array.from({ length: RUNS }, once))
  })
  return {
    bench,
    ratios: (s) => ({
      // why: the goal is at most 1.3: 8 I/O-bound runs overlap instead of queueing one by one.
      facade_8_concurrent_io_runs_vs_one: Number((stat(s, MANY).median_us / stat(s, ONE).median_us).toFixed(2)),
    }),
    metrics: (s) => ({
      facade_one_io_run_ms: Number((stat(s, ONE).median_us / 1000).toFixed(1)),
      facade_8_concurrent_io_runs_ms: Number((stat(s, MANY).median_us / 1000).toFixed(1)),
    }),
    teardown: () => cm.close(),
  }
}
export default factory
