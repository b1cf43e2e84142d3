// Three tasks of the table end to end, on both paths, over the real servers from npm and the
// 500-tool set: both answer right, make the same calls, and Code Mode needs fewer turns.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvalRun, TaskRecord } from '../lib/run-eval.ts'
import { runEval } from '../lib/run-eval.ts'
import { TASKS } from '../tasks/index.ts'

const IDS = ['fs-unused-deps', 'ev-sum-chain', 't500-archive-closed']
let root: string
let run: EvalRun

const task = (id: string): TaskRecord => {
  const found = run.tasks.find((t) => t.id === id)
  if (found === undefined) throw new Error(`no result for ${id}`)
  return found
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'isocode-eval-test-'))
  run = await runEval(
    TASKS.filter((t) => IDS.includes(t.id)),
    root,
  )
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the eval, end to end', () => {
  it('answers every task right on both paths, with the same tool calls', () => {
    expect(run.tasks.map((t) => t.id)).toEqual(IDS)
    for (const t of run.tasks) {
      expect({ id: t.id, problems: t.problems, answers: [t.direct.answer, t.code.answer] }).toEqual({
        id: t.id,
        problems: [],
        answers: [t.expected, t.expected],
      })
    }
    expect(task('fs-unused-deps').direct.answer).toEqual(['chalk'])
    expect(task('ev-sum-chain').code.answer).toBe(109)
  })

  it('counts the calls the servers saw: one get-sum per addition on either path', () => {
    expect(task('ev-sum-chain').calls).toBe(4)
    expect(task('fs-unused-deps').calls).toBe(3)
    // why: one list, then one archive per closed ticket of the listing.
    expect(task('t500-archive-closed').calls).toBe(3)
  })

  it('takes Code Mode fewer turns and fewer input tokens on a multi-step task', () => {
    const chain = task('ev-sum-chain')
    expect(chain.direct.turns).toBe(5)
    expect(chain.code.turns).toBe(2)
    expect(chain.code.inputTokens).toBeLessThan(chain.direct.inputTokens)
    // why: the 500 tool definitions are read on every direct turn; Code Mode reads the compact SDK.
    const many = task('t500-archive-closed')
    expect(many.code.turns).toBeLessThan(many.direct.turns)
    expect(many.code.inputTokens * 10).toBeLessThan(many.direct.inputTokens)
  })

  it('prices the fixed part of each turn per environment and path', () => {
    const prompts = run.promptTokens
    expect(prompts.tools500?.direct).toBeGreaterThan(40_000)
    expect(prompts.tools500?.code).toBeLessThan(2_000)
    expect(prompts.filesystem?.direct).toBeGreaterThan(1_000)
    expect(prompts.everything?.code).toBeGreaterThan(0)
  })
})
