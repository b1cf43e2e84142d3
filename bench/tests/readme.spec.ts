// The README's prompt-cost table and the results page and chart are rendered from the committed
// report, never written by hand: each must equal what `pnpm readme` renders now (on a failure,
// run `pnpm readme`, or `pnpm bench prompt-cost` to measure again).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { costChart } from '../lib/prompt-cost/chart.ts'
import type { PromptCostReport } from '../lib/prompt-cost/measure.ts'
import { readBlock, writeBlock } from '../lib/prompt-cost/readme-block.ts'
import { PATHS, README_BLOCK } from '../lib/prompt-cost/results.ts'
import { readmeBlock, resultsPage } from '../lib/prompt-cost/table.ts'

const report = JSON.parse(readFileSync(PATHS.report, 'utf8')) as PromptCostReport
const readme = readFileSync(PATHS.readme, 'utf8')

describe('the generated prompt-cost files', () => {
  it("the README's prompt-cost block is what the script renders from bench/results/prompt-cost.json", () => {
    expect(readBlock(readme, README_BLOCK)).toBe(readmeBlock(report))
    expect(readme.indexOf('<!-- prompt-cost:start -->')).toBeGreaterThan(readme.indexOf('## Why Code Mode'))
    expect(readBlock(readme, 'task-table')).not.toBe('')
  })

  it('the results page and the chart are what the script renders from the same report', () => {
    expect(readFileSync(PATHS.page, 'utf8')).toBe(resultsPage(report))
    expect(readFileSync(PATHS.chart, 'utf8')).toBe(costChart(report))
  })

  it('the committed report prices every row of every set', () => {
    expect(report.sets.map((set) => set.tools)).toEqual([0, 10, 50, 500, 14, 9, 13])
    for (const row of report.rows)
      expect(Object.keys(row.cells).length === report.sets.length || row.unavailable !== undefined).toBe(true)
  })
})

describe('README blocks', () => {
  const text = 'intro\n<!-- demo:start -->\nold\n<!-- demo:end -->\noutro\n'

  it('replace only the text between their markers', () => {
    const updated = writeBlock(text, 'demo', 'new\nlines')
    expect(updated).toBe('intro\n<!-- demo:start -->\nnew\nlines\n<!-- demo:end -->\noutro\n')
    expect(readBlock(updated, 'demo')).toBe('new\nlines')
    expect(writeBlock(updated, 'demo', 'new\nlines')).toBe(updated)
  })

  it('fail with the marker to add when a block is missing', () => {
    expect(() => writeBlock(text, 'other', 'x')).toThrow('<!-- other:start -->')
  })
})
