// The README's task table and the results page and chart are rendered from the committed report,
// never written by hand: each must equal what `pnpm eval render` renders now (on a failure, run
// `pnpm eval render`, or `pnpm eval` to measure again).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { taskChart } from '../lib/chart.ts'
import type { TaskReport } from '../lib/report.ts'
import { PATHS, README_BLOCK, readBlock, writeBlock } from '../lib/results.ts'
import type { TaskRecord } from '../lib/run-eval.ts'
import { readmeBlock, resultsPage, singleCallNote, taskTable } from '../lib/table.ts'
import { TASKS } from '../tasks/index.ts'

const report = JSON.parse(readFileSync(PATHS.report, 'utf8')) as TaskReport
const readme = readFileSync(PATHS.readme, 'utf8')

describe('the generated task-table files', () => {
  it("the README's task-table block is what the script renders from eval/results/tasks.json, under Why Code Mode", () => {
    expect(readBlock(readme, README_BLOCK)).toBe(readmeBlock(report))
    expect(readme.indexOf(`<!-- ${README_BLOCK}:start -->`)).toBeGreaterThan(readme.indexOf('## Why Code Mode'))
  })

  it('the README shows the same table as eval/results/tasks.md', () => {
    const page = readFileSync(PATHS.page, 'utf8')
    expect(page).toBe(resultsPage(report))
    expect(page).toContain(taskTable(report))
    expect(readBlock(readme, README_BLOCK)).toContain(taskTable(report))
    expect(readFileSync(PATHS.chart, 'utf8')).toBe(taskChart(report))
  })

  it('the committed report has every task, each answered right on both paths with the same calls', () => {
    expect(report.tasks.map((task) => task.id)).toEqual(TASKS.map((task) => task.id))
    expect(report.tasks.length).toBeGreaterThanOrEqual(20)
    for (const task of report.tasks) {
      expect({ id: task.id, problems: task.problems, correct: [task.direct.correct, task.code.correct] }).toEqual({
        id: task.id,
        problems: [],
        correct: [true, true],
      })
    }
    expect(report.tasks.filter((task) => task.calls > 1).length).toBeGreaterThanOrEqual(15)
  })
})

describe('the README block', () => {
  const text = 'intro\n<!-- task-table:start -->\nold\n<!-- task-table:end -->\noutro\n'

  it('replaces only the text between its markers', () => {
    const updated = writeBlock(text, README_BLOCK, 'new\ntable')
    expect(updated).toBe('intro\n<!-- task-table:start -->\nnew\ntable\n<!-- task-table:end -->\noutro\n')
    expect(readBlock(updated, README_BLOCK)).toBe('new\ntable')
  })

  it('fails with the markers to add when the block is missing', () => {
    expect(() => writeBlock('no block here', README_BLOCK, 'x')).toThrow('<!-- task-table:start -->')
  })
})

const pathWith = (inputTokens: number): TaskRecord['direct'] => ({
  turns: 2,
  inputTokens,
  outputTokens: 10,
  wallMs: 1,
  correct: true,
})
const task = (id: string, calls: number, direct: number, code: number): TaskRecord => ({
  id,
  env: 'memory',
  prompt: 'p',
  expected: 1,
  calls,
  direct: pathWith(direct),
  code: pathWith(code),
  problems: [],
})
const page = (tasks: TaskRecord[]): string => singleCallNote({ ...report, tasks })

describe('what the results page says about single-call tasks', () => {
  it('names the single-call tasks direct calling reads fewer tokens for', () => {
    const note = page([task('a', 1, 100, 120), task('b', 1, 100, 90), task('c', 3, 500, 200)])
    expect(note).toContain('Single-call tasks (`a`, `b`)')
    expect(note).toContain('outweigh the tool definitions (`a`), direct calling reads fewer tokens')
  })

  it('says so when Code Mode reads fewer tokens for every single-call task', () => {
    const note = page([task('a', 1, 100, 90), task('c', 3, 500, 200)])
    expect(note).toContain('Single-call tasks (`a`)')
    expect(note).toContain('so Code Mode reads fewer tokens for these too.')
    expect(note).not.toContain('direct calling reads fewer tokens')
  })
})
