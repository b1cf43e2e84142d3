// Where the prompt-cost results live, and writing them: the report as JSON (the source of every
// other file), the markdown page, the SVG chart and the README block rendered from it.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { costChart } from './chart.ts'
import type { PromptCostReport } from './measure.ts'
import { writeBlock } from './readme-block.ts'
import { readmeBlock, resultsPage } from './table.ts'

const repo = fileURLToPath(new URL('../../../', import.meta.url))

/** The files the suite writes. */
export const PATHS = {
  report: `${repo}bench/results/prompt-cost.json`,
  page: `${repo}bench/results/prompt-cost.md`,
  chart: `${repo}bench/results/prompt-cost.svg`,
  readme: `${repo}README.md`,
} as const

/** The README block's name (its markers are `<!-- prompt-cost:start -->` / `end`). */
export const README_BLOCK = 'prompt-cost'

/** Read the committed report. */
export async function readReport(): Promise<PromptCostReport> {
  return JSON.parse(await readFile(PATHS.report, 'utf8')) as PromptCostReport
}

/** Rewrite the README's prompt-cost block from `report`. */
export async function writeReadme(report: PromptCostReport): Promise<void> {
  const readme = await readFile(PATHS.readme, 'utf8')
  await writeFile(PATHS.readme, writeBlock(readme, README_BLOCK, readmeBlock(report)))
}

/** Write what is rendered from `report`: the page, the chart and the README block. */
export async function writeRendered(report: PromptCostReport): Promise<void> {
  await writeFile(PATHS.page, resultsPage(report))
  await writeFile(PATHS.chart, costChart(report))
  await writeReadme(report)
}

/** Write the report and everything rendered from it. */
export async function writeResults(report: PromptCostReport): Promise<void> {
  await writeFile(PATHS.report, `${JSON.stringify(report, null, 2)}\n`)
  await writeRendered(report)
}
