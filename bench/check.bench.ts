// The check before the run (@isocode/program-check): the warm cost of checking a 40-line program
// against the 50-tool SDK (goal ≤ 25 ms median) and the 500-tool set (≤ 60 ms), the cold start,
// the check against the run it precedes (10 sequential calls), and the corpora: false blocks over
// the correct corpus (must be 0) and the share of the broken corpus caught (goal ≥ 95%).
import { createProgramChecker, type ProgramChecker } from '@isocode/program-check'
import { renderToolsSdk } from '@isocode/sdk-codegen'
import { corpusTable, measureCorpora } from './lib/check-corpus/measure.ts'
import { fortyLineProgram } from './lib/check-corpus/idioms.ts'
import { toolSet } from './lib/check-corpus/correct.ts'
import { bootIsocode, sequentialEcho } from './lib/isocode-tools.ts'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const WARM_50 = 'check: 40 lines, 50-tool SDK (warm)'
const WARM_500 = 'check: 40 lines, 500-tool SDK (warm)'
const CHECK_10 = 'check: 10-call program'
const RUN_10 = 'run_code: 10 sequential sub-calls'

const ms = (us: number): number => Number((us / 1000).toFixed(2))

async function expectChecked(checker: ProgramChecker, code: string, sdk: string): Promise<void> {
  const result = await checker.check(code, sdk)
  if (result.status !== 'ok') throw new Error(`bench: the check gave ${JSON.stringify(result)}`)
}

const factory: SuiteFactory = async () => {
  const all = toolSet('tools-500')
  const fifty = all.slice(0, 50)
  const program = fortyLineProgram(fifty)
  const sdk50 = renderToolsSdk(fifty)
  const sdk500 = renderToolsSdk(all)

  // why: cold = a fresh checker's first check: the worker starts and loads TypeScript, the lib
  // files and the SDK are parsed; measured once, it is what the first run of a process pays.
  const coldStart = performance.now()
  const cold = createProgramChecker({ timeoutMs: 60_000 })
  await expectChecked(cold, program, sdk50)
  const coldMs = performance.now() - coldStart
  await cold.close()

  const corpora = await measureCorpora()
  console.log(`\n## check corpora\n\n${corpusTable(corpora)}`)

  const checker = createProgramChecker({ timeoutMs: 60_000 })
  const app = await bootIsocode()
  // why: the SDK the run_code model of this run sees: the one echo tool bootIsocode registers.
  const echoSdk = renderToolsSdk([
    {
      name: 'echo',
      description: 'Echo i as text.',
      parameters: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
    },
  ])
  const calls10 = sequentialEcho(10)
  await expectChecked(checker, calls10, echoSdk)

  const bench = createBench()
  bench.add(WARM_50, () => expectChecked(checker, program, sdk50))
  bench.add(WARM_500, () => expectChecked(checker, program, sdk500))
  bench.add(CHECK_10, () => expectChecked(checker, calls10, echoSdk))
  bench.add(RUN_10, () => app.runCode(calls10, 45))
  return {
    bench,
    metrics: (s) => ({
      check_warm_50_tools_ms: ms(stat(s, WARM_50).median_us),
      check_warm_500_tools_ms: ms(stat(s, WARM_500).median_us),
      check_cold_ms: Number(coldMs.toFixed(1)),
      check_false_blocks: corpora.falseBlocks,
      check_correct_programs: corpora.correct,
      check_broken_programs: corpora.broken,
      check_caught_share: corpora.caughtShare,
    }),
    ratios: (s) => ({
      check_vs_run_10_calls: Number((stat(s, CHECK_10).median_us / stat(s, RUN_10).median_us).toFixed(3)),
      check_40_lines_50_tools_vs_run_10_calls: Number(
        (stat(s, WARM_50).median_us / stat(s, RUN_10).median_us).toFixed(3),
      ),
      check_false_blocks: corpora.falseBlocks,
      check_caught_share: corpora.caughtShare,
    }),
    teardown: async () => {
      await checker.close()
      await app.dispose()
    },
  }
}
export default factory
