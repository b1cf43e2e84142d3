// The eval fails a task that answers wrong, or whose two paths call different tools or arguments,
// or whose run fails, and says how (a diff, the failure text).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvalRun } from '../lib/run-eval.ts'
import { runEval } from '../lib/run-eval.ts'
import { call, program, read, readAs, type Task } from '../lib/task.ts'

const drifting: Task = {
  id: 'drifting',
  env: 'tools500',
  prompt: 'What is the status of the ops ticket?',
  expected: 'open',
  *direct() {
    return readAs<{ status: string }>(yield call('get_ticket_098', { owner: 'ops' })).status
  },
  *code() {
    return read(yield program('Look up the ticket', `return (await tools.get_ticket_098({ owner: 'dev' })).status`))
  },
}

const throwing: Task = {
  id: 'throwing',
  env: 'tools500',
  prompt: 'Fail.',
  expected: 'never',
  *direct() {
    yield call('get_ticket_098', { owner: 'ops' })
    return 'never'
  },
  *code() {
    return read(
      yield program(
        'Fail on purpose',
        `await tools.get_ticket_098({ owner: 'ops' })\nthrow new Error('the program gave up')`,
      ),
    )
  },
}

let root: string
let run: EvalRun

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'isocode-eval-checks-'))
  run = await runEval([drifting, throwing], root)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('a task that fails the eval', () => {
  it('shows a wrong answer as a diff against the expected one', () => {
    const [task] = run.tasks
    // why: the fake get_ticket_098 answers 'closed' for the ops ticket (t500-ticket-lookup).
    expect(task?.direct.correct).toBe(false)
    expect(task?.problems.find((line) => line.startsWith('direct answered wrong'))).toBe(
      'direct answered wrong:\n--- expected\n+++ answer\n@@ -1,1 +1,1 @@\n-"open"\n+"closed"',
    )
  })

  it('shows different tool calls on the two paths as a diff of the call lists', () => {
    const problem = run.tasks[0]?.problems.find((line) => line.startsWith('the paths made different tool calls'))
    expect(problem).toContain('--- direct\n+++ Code Mode')
    expect(problem).toContain('-      "owner": "ops"\n+      "owner": "dev"')
  })

  it('reports a failed run with the text the model would read', () => {
    const task = run.tasks[1]
    expect(task?.direct.correct).toBe(true)
    expect(task?.code.correct).toBe(false)
    expect(task?.problems).toHaveLength(1)
    expect(task?.problems[0]).toMatch(/^Code Mode: turn 1: run_code failed: .*the program gave up/s)
  })
})
