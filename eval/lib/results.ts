// Where the task results live, and writing them: the report as JSON (the source of every other
// file), the markdown page, the SVG chart and the README's task-table block rendered from it.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { taskChart } from './chart.ts'
import type { TaskReport } from './report.ts'
import { readmeBlock, resultsPage } from './table.ts'

const repo = fileURLToPath(new URL('../../', import.meta.url))

/** The files `pnpm eval` writes. */
export const PATHS = {
  report: `${repo}eval/results/tasks.json`,
  page: `${repo}eval/results/tasks.md`,
  chart: `${repo}eval/results/tasks.svg`,
  readme: `${repo}README.md`,
} as const

/** The README block's name: its markers are `<!-- task-table:start -->` and `<!-- task-table:end -->`. */
export const README_BLOCK = 'task-table'

// why: the same marker convention as the prompt-cost block (bench/lib/prompt-cost/readme-block.ts);
// a separate copy, since a composite TypeScript project cannot import another project's source.
function bounds(text: string, name: string): [number, number] {
  const open = `<!-- ${name}:start -->`
  const close = `<!-- ${name}:end -->`
  const start = text.indexOf(open)
  const end = text.indexOf(close)
  if (start < 0 || end < start)
    throw new Error(`README: no "${open}" ... "${close}" block; add both markers under "## Why Code Mode"`)
  return [start + open.length, end]
}

/** The text between the markers of block `name`, without the newlines around it. */
export function readBlock(text: string, name: string): string {
  const [from, to] = bounds(text, name)
  return text.slice(from, to).replace(/^\n/, '').replace(/\n$/, '')
}

/** `text` with the body of block `name` replaced by `body`. */
export function writeBlock(text: string, name: string, body: string): string {
  const [from, to] = bounds(text, name)
  return `${text.slice(0, from)}\n${body}\n${text.slice(to)}`
}

/** Read the committed report. */
export async function readReport(): Promise<TaskReport> {
  return JSON.parse(await readFile(PATHS.report, 'utf8')) as TaskReport
}

/** Write what is rendered from `report`: the page, the chart and the README block. */
export async function writeRendered(report: TaskReport): Promise<void> {
  await writeFile(PATHS.page, resultsPage(report))
  await writeFile(PATHS.chart, taskChart(report))
  const readme = await readFile(PATHS.readme, 'utf8')
  await writeFile(PATHS.readme, writeBlock(readme, README_BLOCK, readmeBlock(report)))
}

/** Write the report and everything rendered from it. */
export async function writeResults(report: TaskReport): Promise<void> {
  await writeFile(PATHS.report, `${JSON.stringify(report, null, 2)}\n`)
  await writeRendered(report)
}
