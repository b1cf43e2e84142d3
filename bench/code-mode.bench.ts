// run_code end to end through the registry (pipeline + bridge + isolate) against a raw
// ctx.codeRuntime.run of the same program with plain bindings.
import type { CodeBindingNamespace, CodeRuntime } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const PROGRAMS = {
  'return 1': 'return 1',
  '10 sequential sub-calls': 'let n = 0\nfor (let i = 0; i < 10; i++) n += Number(await tools.echo({ i }))\nreturn n',
  '100 sub-calls under Promise.all': 'const all = await Promise.all(Array.from({ length: 100 }, (_, i) => tools.echo({ i })))\nreturn all.length',
} as const
const EXPECTED: Record<keyof typeof PROGRAMS, unknown> = { 'return 1': 1, '10 sequential sub-calls': 45, '100 sub-calls under Promise.all': 100 }

// why: the raw baseline gets the same echo semantics the registry tool has (text of `i`).
const rawTools: CodeBindingNamespace[] = [
  { global: 'tools', functions: { echo: (args) => Promise.resolve(String((args as { i: number }).i)) } },
]

const factory: SuiteFactory = async () => {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code' })
  const runtimeFiber = await root.plugin(InProcessIsolateRuntime, { poolSize: 2, cpuBudgetMs: 10_000, wallBudgetMs: 60_000 })
  const tools = root.get('tools') as ToolRegistry
  const runtime = root.get('codeRuntime') as CodeRuntime
  tools.register({
    name: 'echo',
    description: 'Echo i as text.',
    parameters: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
    execute: async (args) => [{ type: 'text', text: String(args.i) }],
  })

  const bench = createBench()
  let call = 0
  for (const [label, program] of Object.entries(PROGRAMS) as Array<[keyof typeof PROGRAMS, string]>) {
    const expected = JSON.stringify(EXPECTED[label])
    bench.add(`run_code: ${label}`, async () => {
      const result = await tools.execute({ callId: `bench-${call++}`, name: 'run_code', arguments: { code: program, description: label } })
      const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
      if (result.isError || text !== expected) throw new Error(`bench: run_code ${label} gave ${JSON.stringify(result)}`)
    })
    bench.add(`raw codeRuntime.run: ${label}`, async () => {
      const result = await runtime.run({ program, bindings: rawTools })
      if (result.error !== undefined || JSON.stringify(result.value) !== expected) throw new Error(`bench: raw ${label} gave ${JSON.stringify(result)}`)
    })
  }
  return {
    bench,
    ratios: (s) => ({
      run_code_overhead_ratio: Number((stat(s, 'run_code: 10 sequential sub-calls').median_us / stat(s, 'raw codeRuntime.run: 10 sequential sub-calls').median_us).toFixed(2)),
      run_code_overhead_ratio_return1: Number((stat(s, 'run_code: return 1').median_us / stat(s, 'raw codeRuntime.run: return 1').median_us).toFixed(2)),
    }),
    teardown: () => runtimeFiber.dispose(),
  }
}
export default factory
