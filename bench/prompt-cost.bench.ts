// The prompt-cost suite: what the model reads to know its tools, for Isocode's forms, Cloudflare's
// and UTCP's Code Mode and direct calling, on 0 / 10 / 50 / 500 generated tools and three saved
// MCP tool lists. Tokens are not timings, so they go to latest.json as metrics and ratios, and the
// whole report to bench/results/prompt-cost.{json,md,svg} and the README's prompt-cost block
// (`pnpm bench prompt-cost` merges this suite's numbers into latest.json and keeps the others').
// The tasks time one rendering of each form on the 500-tool set. Saved programs are priced too:
// the 50-tool section with 0 / 10 / 50 of them.
import { performance } from 'node:perf_hooks'
import { PROMPT_FORMS } from './lib/prompt-cost/forms.ts'
import { loadForms, priceForms, type PromptCostReport } from './lib/prompt-cost/measure.ts'
import { promptMetrics, promptRatios } from './lib/prompt-cost/numbers.ts'
import { PATHS, writeResults } from './lib/prompt-cost/results.ts'
import {
  priceSavedPrograms,
  type SavedProgramsCost,
  savedProgramMetrics,
  savedProgramRatios,
} from './lib/prompt-cost/saved-programs.ts'
import { allToolSets } from './lib/prompt-cost/sets.ts'
import { costTable } from './lib/prompt-cost/table.ts'
import { statsFromSamples } from './lib/report.ts'
import { createBench, type SuiteFactory, type TaskStats } from './lib/suite.ts'

const SAMPLES = 10
const WARMUP = 2
const TIMED_SET = '500'

const suite: SuiteFactory = async () => {
  const loaded = await loadForms(PROMPT_FORMS)
  for (const { form, unavailable } of loaded) {
    if (unavailable !== undefined) console.warn(`bench: prompt-cost: ${form.label} unavailable: ${unavailable}`)
  }
  const sets = allToolSets()
  let report: PromptCostReport | undefined
  let saved: SavedProgramsCost[] = []
  return {
    // why: the suite prices and times renderings itself; tinybench has nothing to run.
    bench: createBench(),
    async sampled() {
      report = await priceForms(loaded, sets)
      await writeResults(report)
      console.log(
        `\n${costTable(report, 'tokens')}\n\nbench: wrote ${PATHS.report}, ${PATHS.page}, ${PATHS.chart} and the README block`,
      )
      // why: R-124 — each saved program should add its declaration to the section and nothing more.
      saved = await priceSavedPrograms()
      console.log(
        `\nsaved programs on the 50-tool full section (tokens): ${saved.map((c) => `${c.count}: ${c.tokens} (declarations ${c.declarationTokens})`).join(', ')}`,
      )
      const timed = sets.find((set) => set.id === TIMED_SET)
      if (timed === undefined) throw new Error(`bench: no tool set "${TIMED_SET}"`)
      const stats: TaskStats[] = []
      for (const { form, renderer } of loaded) {
        if (renderer === undefined) continue
        const samples: number[] = []
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          const start = performance.now()
          await renderer.render(timed)
          if (i >= WARMUP) samples.push(performance.now() - start)
        }
        stats.push(statsFromSamples(`prompt render, ${timed.label}: ${form.label}`, samples))
      }
      return stats
    },
    metrics: () => ({ ...(report === undefined ? {} : promptMetrics(report)), ...savedProgramMetrics(saved) }),
    ratios: () => ({ ...(report === undefined ? {} : promptRatios(report)), ...savedProgramRatios(saved) }),
  }
}

export default suite
