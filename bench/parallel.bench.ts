// 10 calls under Promise.all to a tool that waits 20 ms, through run_code: the
// serial default against the same tool declared concurrencySafe with a bound of 10.
import { SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { ToolDefinition } from '@isocode/registry'
import { Context } from 'cordis'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const WAIT_MS = 20
const CALLS = 10
const SERIAL = `run_code: ${CALLS} calls to a ${WAIT_MS} ms tool, serial`
const PARALLEL = `run_code: ${CALLS} calls to a ${WAIT_MS} ms tool, concurrencySafe (bound ${CALLS})`

const waiting = (name: string, concurrencySafe: boolean): ToolDefinition => ({
  name,
  description: `Wait ${WAIT_MS} ms, then echo i.`,
  parameters: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
  concurrencySafe,
  execute: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS))
    return [{ type: 'text', text: String(args.i) }]
  },
})

const program = (tool: string): string =>
  `const all = await Promise.all(Array.from({ length: ${CALLS} }, (_, i) => tools.${tool}({ i })))\nreturn all.length`

const factory: SuiteFactory = async () => {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', concurrentCallLimit: CALLS })
  const runtimeFiber = await root.plugin(InProcessIsolateRuntime, { poolSize: 2, cpuMs: 10_000, wallMs: 60_000 })
  const tools = root.get('tools') as ToolRegistry
  tools.register(waiting('wait', false))
  tools.register(waiting('wait_safe', true))

  // why: each task takes ~40-200 ms, so fewer samples than the default are enough.
  const bench = createBench({ time: 2_000, warmupTime: 300 })
  let call = 0
  for (const [label, tool] of [
    [SERIAL, 'wait'],
    [PARALLEL, 'wait_safe'],
  ] as const) {
    bench.add(label, async () => {
      const result = await tools.execute({
        callId: `bench-${call++}`,
        name: 'run_code',
        arguments: { code: program(tool), description: label },
      })
      const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
      if (result.isError || text !== String(CALLS)) throw new Error(`bench: ${label} gave ${JSON.stringify(result)}`)
    })
  }
  return {
    bench,
    ratios: (s) => ({
      parallel_speedup_10x20ms: Number((stat(s, SERIAL).median_us / stat(s, PARALLEL).median_us).toFixed(2)),
    }),
    metrics: (s) => ({
      serial_10x20ms_ms: Number((stat(s, SERIAL).median_us / 1000).toFixed(1)),
      parallel_10x20ms_ms: Number((stat(s, PARALLEL).median_us / 1000).toFixed(1)),
    }),
    teardown: () => runtimeFiber.dispose(),
  }
}
export default factory
