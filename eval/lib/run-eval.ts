// Run tasks on both paths: all of them by direct calling, then all of them by Code Mode, each path
// from the same starting state (a fresh copy of the fixture tree, an empty knowledge graph), in
// the same order; then compare what each path called and answered.
import type { JsonValue } from '@isocode/registry'
import { runPath } from './agent.ts'
import type { PathResult } from './agent.ts'
import { bootEnv } from './env.ts'
import type { Env, Path, ToolCall } from './env.ts'
import { jsonDiff, sameJson } from './json-diff.ts'
import type { Task } from './task.ts'
import { tokensOf } from './tokens.ts'
import { resetWorkspace, workspaceAt } from './workspace.ts'
import type { EnvId } from './workspace.ts'

/** One path of one task, as the results keep it: its costs, its answer, and whether that answer was right. */
export type PathRecord = Omit<PathResult, 'calls'> & { correct: boolean }

/** One task on both paths. */
export interface TaskRecord {
  id: string
  env: EnvId
  prompt: string
  expected: JsonValue
  /** The tool calls each path made (the same ones, or a problem says otherwise). */
  calls: number
  direct: PathRecord
  code: PathRecord
  /** Why the task fails the eval: a wrong answer, different calls, a failed path. Empty when it passes. */
  problems: string[]
}

/** What the model reads before the conversation, per environment and path, in tokens. */
export type PromptTokens = Partial<Record<EnvId, Record<Path, number>>>

/** The outcome of one eval run. */
export interface EvalRun {
  tasks: TaskRecord[]
  promptTokens: PromptTokens
}

async function runAll(tasks: readonly Task[], path: Path, root: string, prompts: PromptTokens): Promise<PathResult[]> {
  const workspace = workspaceAt(root)
  await resetWorkspace(workspace)
  const ids = [...new Set(tasks.map((task) => task.env))]
  const booted = await Promise.allSettled(ids.map((id) => bootEnv(id, path, workspace)))
  const envs = new Map<EnvId, { env: Env; tokens: number }>()
  try {
    for (const outcome of booted) {
      if (outcome.status === 'rejected') throw outcome.reason
      const tokens = tokensOf(outcome.value.prompt)
      envs.set(outcome.value.id, { env: outcome.value, tokens })
      ;(prompts[outcome.value.id] ??= { direct: 0, code: 0 })[path] = tokens
    }
    const results: PathResult[] = []
    for (const task of tasks) {
      const { env, tokens } = envs.get(task.env) as { env: Env; tokens: number }
      results.push(await runPath(task, env, tokens))
    }
    return results
  } finally {
    for (const outcome of booted) if (outcome.status === 'fulfilled') await outcome.value.dispose()
  }
}

const callLines = (calls: readonly ToolCall[]): JsonValue => calls.map((c) => ({ tool: c.tool, args: c.args }))

function record(task: Task, direct: PathResult, code: PathResult): TaskRecord {
  const problems: string[] = []
  const check = (label: string, result: PathResult): PathRecord => {
    const { calls: _calls, ...rest } = result
    if (result.failure !== undefined) problems.push(`${label}: ${result.failure}`)
    else if (!sameJson(result.answer ?? null, task.expected))
      problems.push(`${label} answered wrong:\n${jsonDiff(task.expected, result.answer ?? null, 'expected', 'answer')}`)
    return { ...rest, correct: result.failure === undefined && sameJson(result.answer ?? null, task.expected) }
  }
  const directRecord = check('direct', direct)
  const codeRecord = check('Code Mode', code)
  if (!sameJson(callLines(direct.calls), callLines(code.calls))) {
    problems.push(
      `the paths made different tool calls:\n${jsonDiff(callLines(direct.calls), callLines(code.calls), 'direct', 'Code Mode')}`,
    )
  }
  return {
    id: task.id,
    env: task.env,
    prompt: task.prompt,
    expected: task.expected,
    calls: direct.calls.length,
    direct: directRecord,
    code: codeRecord,
    problems,
  }
}

/**
 * Run `tasks` (in order) by direct calling and by Code Mode, over servers whose state lives under
 * `root` (a scratch folder the caller owns).
 */
export async function runEval(tasks: readonly Task[], root: string): Promise<EvalRun> {
  const promptTokens: PromptTokens = {}
  const direct = await runAll(tasks, 'direct', root, promptTokens)
  const code = await runAll(tasks, 'code', root, promptTokens)
  return { tasks: tasks.map((task, i) => record(task, direct[i] as PathResult, code[i] as PathResult)), promptTokens }
}
