// The agent loop both paths share, as the AI SDK and the OpenAI/Anthropic loops run it: each turn
// the model reads the whole context (the system prompt with its tool definitions, then the
// conversation so far) and sends one call; the call's result is appended; a last turn answers.
// The model is a script (lib/task.ts); what it reads and writes is priced in o200k tokens.
import { performance } from 'node:perf_hooks'
import type { JsonValue } from '@isocode/registry'
import type { Env, ToolCall } from './env.ts'
import type { Program, Task } from './task.ts'
import { tokensOf } from './tokens.ts'
import { readableJson, toolCallText } from './wire.ts'

/** What one path of one task cost, and what it answered. */
export interface PathResult {
  /** Model requests: one per call or program, plus the answering one. */
  turns: number
  /** Tokens the model read, summed over the turns (the context grows each turn). */
  inputTokens: number
  /** Tokens the model wrote: its calls or programs and the answer. */
  outputTokens: number
  /** Wall time of the tool calls or runs (the model's own latency is not simulated). */
  wallMs: number
  /** The tool calls the environment saw, in order. */
  calls: ToolCall[]
  /** The answer, when the script got to one. */
  answer?: JsonValue
  /** Why the path did not finish: a failed call or run, or a script that threw. */
  failure?: string
}

// why: a replay that loops is a bug in its script; no task needs more turns than this.
const MAX_TURNS = 30

/** The call a script's step sends: a tool call as it is, a program as a run_code call. */
function asCall(step: ToolCall | Program): ToolCall {
  return 'code' in step ? { tool: 'run_code', args: { description: step.description, code: step.code } } : step
}

/** The text of an answer as the model writes it. */
export const answerText = (answer: JsonValue): string => (typeof answer === 'string' ? answer : readableJson(answer))

/**
 * Run `task` on `env` with the script of the env's path. `promptTokens` is the price of
 * `env.prompt` (computed once per environment: the 500-tool definitions are 45k tokens).
 */
export async function runPath(task: Task, env: Env, promptTokens: number): Promise<PathResult> {
  const script: Generator<ToolCall | Program, JsonValue, string> = env.path === 'direct' ? task.direct() : task.code()
  // why: each message is priced once; a turn's input is the prompt plus every message before it.
  let conversation = tokensOf(task.prompt)
  const result: PathResult = { turns: 0, inputTokens: 0, outputTokens: 0, wallMs: 0, calls: [] }
  env.takeCalls()
  try {
    let step = script.next()
    while (!step.done) {
      if (result.turns >= MAX_TURNS) throw new Error(`no answer after ${MAX_TURNS} turns`)
      const sent = asCall(step.value)
      result.turns += 1
      result.inputTokens += promptTokens + conversation
      const written = tokensOf(toolCallText(sent.tool, sent.args))
      result.outputTokens += written
      const started = performance.now()
      const outcome = await env.execute(sent)
      result.wallMs += performance.now() - started
      if (outcome.isError) throw new Error(`turn ${result.turns}: ${sent.tool} failed: ${outcome.text}`)
      conversation += written + tokensOf(outcome.text)
      step = script.next(outcome.text)
    }
    result.turns += 1
    result.inputTokens += promptTokens + conversation
    result.outputTokens += tokensOf(answerText(step.value))
    result.answer = step.value
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error)
  }
  result.calls = env.takeCalls()
  return result
}
