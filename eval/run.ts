// `pnpm eval`: solve every task by direct tool calling and by Code Mode, print the task table, and
// write eval/results/tasks.{json,md,svg} and the README's task-table block. A task whose answer or
// tool calls differ fails the eval (exit 1) with the diff, and nothing is written.
// `pnpm eval <task-id>...` runs only those tasks and writes nothing; `pnpm eval render` rewrites
// the page, the chart and the README block from the committed tasks.json without running.
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { toReport } from './lib/report.ts'
import { PATHS, readReport, writeRendered, writeResults } from './lib/results.ts'
import { runEval } from './lib/run-eval.ts'
import type { EvalRun } from './lib/run-eval.ts'
import { taskTable } from './lib/table.ts'
import { TASKS } from './tasks/index.ts'

const args = process.argv.slice(2)
if (args[0] === 'render') {
  await writeRendered(await readReport())
  console.log(`${PATHS.page}, ${PATHS.chart} and the README block rewritten from ${PATHS.report}`)
  process.exit(0)
}

const unknown = args.filter((id) => !TASKS.some((task) => task.id === id))
if (unknown.length > 0) {
  console.error(
    `pnpm eval: no task named ${unknown.join(', ')}; the tasks are:\n${TASKS.map((task) => `  ${task.id}`).join('\n')}`,
  )
  process.exit(2)
}
const selected = args.length === 0 ? TASKS : TASKS.filter((task) => args.includes(task.id))

// why: a fixed folder, so the paths the filesystem server prints (and their tokens) are the same
// on every run of this machine; the tests use their own temporary folders.
const root = join(tmpdir(), 'isocode-eval')
const started = performance.now()
let run: EvalRun
try {
  run = await runEval(selected, root)
} finally {
  await rm(root, { recursive: true, force: true })
}
const report = toReport(run)
console.log(taskTable(report))
console.log(`\n${selected.length} tasks on both paths in ${((performance.now() - started) / 1000).toFixed(1)} s`)

const failed = report.tasks.filter((task) => task.problems.length > 0)
if (failed.length > 0) {
  for (const task of failed) console.error(`\nFAIL ${task.id}\n${task.problems.join('\n')}`)
  console.error(`\n${failed.length} of ${report.tasks.length} tasks failed; nothing was written.`)
  process.exit(1)
}
if (selected.length === TASKS.length) {
  await writeResults(report)
  console.log(`written: ${PATHS.report}, ${PATHS.page}, ${PATHS.chart} and the README's task-table block`)
} else {
  console.log('a subset of the tasks ran: nothing was written')
}
