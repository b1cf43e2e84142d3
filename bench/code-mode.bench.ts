// run_code end to end through the registry (pipeline + bridge + isolate, booted by
// lib/isocode-tools.ts) against a raw ctx.codeRuntime.run of the same program with plain bindings.
import type { CodeBindingNamespace } from '@isocode/code-runtime'
import { bootIsocode, sequentialEcho } from './lib/isocode-tools.ts'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const PROGRAMS = {
  'return 1': 'return 1',
  '10 sequential sub-calls': sequentialEcho(10),
  '100 sub-calls under Promise.all':
    'const all = await Promise.all(Array.from({ length: 100 }, (_, i) => tools.echo({ i })))\nreturn all.length',
} as const
const EXPECTED: Record<keyof typeof PROGRAMS, unknown> = {
  'return 1': 1,
  '10 sequential sub-calls': 45,
  '100 sub-calls under Promise.all': 100,
}

// why: the raw baseline gets the same echo semantics the registry tool has (text of `i`).
const rawTools: CodeBindingNamespace[] = [
  { global: 'tools', functions: { echo: (args) => Promise.resolve(String((args as { i: number }).i)) } },
]

const factory: SuiteFactory = async () => {
  const app = await bootIsocode()
  const { runtime } = app

  const bench = createBench()
  for (const [label, program] of Object.entries(PROGRAMS) as Array<[keyof typeof PROGRAMS, string]>) {
    const expected = JSON.stringify(EXPECTED[label])
    bench.add(`run_code: ${label}`, () => app.runCode(program, EXPECTED[label]))
    bench.add(`raw codeRuntime.run: ${label}`, async () => {
      const result = await runtime.run({ program, bindings: rawTools })
      if (result.error !== undefined || JSON.stringify(result.value) !== expected)
        throw new Error(`bench: raw ${label} gave ${JSON.stringify(result)}`)
    })
  }
  return {
    bench,
    ratios: (s) => ({
      run_code_overhead_ratio: Number(
        (
          stat(s, 'run_code: 10 sequential sub-calls').median_us /
          stat(s, 'raw codeRuntime.run: 10 sequential sub-calls').median_us
        ).toFixed(2),
      ),
      run_code_overhead_ratio_return1: Number(
        (stat(s, 'run_code: return 1').median_us / stat(s, 'raw codeRuntime.run: return 1').median_us).toFixed(2),
      ),
    }),
    teardown: () => app.dispose(),
  }
}
export default factory
