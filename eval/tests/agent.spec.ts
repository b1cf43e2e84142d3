// The agent loop's arithmetic: every turn reads the fixed prompt plus the conversation so far, so
// the input grows by each call and each result; the output is the calls and the answer.
import { describe, expect, it } from 'vitest'
import { runPath } from '../lib/agent.ts'
import type { Env, ToolCall } from '../lib/env.ts'
import { call, program, type Task } from '../lib/task.ts'
import { tokensOf } from '../lib/tokens.ts'
import { toolCallText } from '../lib/wire.ts'

/** An Env that answers every call with the same text and records what it was sent. */
function scriptedEnv(text: string, isError = false): Env & { sent: ToolCall[] } {
  const sent: ToolCall[] = []
  return {
    id: 'everything',
    path: 'direct',
    prompt: 'the fixed prompt',
    sent,
    execute: async (c) => {
      sent.push(c)
      return { text, isError }
    },
    takeCalls: () => sent.splice(0),
    dispose: async () => undefined,
  }
}

const twoCalls: Task = {
  id: 'two-calls',
  env: 'everything',
  prompt: 'Add two pairs of numbers.',
  expected: 'done',
  *direct() {
    yield call('get-sum', { a: 1, b: 2 })
    const second = yield call('get-sum', { a: 3, b: 4 })
    return second === 'The sum is 7.' ? 'done' : 'wrong'
  },
  *code() {
    yield program('unused here', 'return 0')
    return 'unused'
  },
}

describe('runPath', () => {
  it('sums the growing context over the turns and prices the calls and the answer as output', async () => {
    const env = scriptedEnv('The sum is 7.')
    const result = await runPath(twoCalls, env, 100)
    const user = tokensOf(twoCalls.prompt)
    const first = tokensOf(toolCallText('get-sum', { a: 1, b: 2 }))
    const second = tokensOf(toolCallText('get-sum', { a: 3, b: 4 }))
    const reply = tokensOf('The sum is 7.')
    expect(result.turns).toBe(3)
    expect(result.inputTokens).toBe(
      100 + user + (100 + user + first + reply) + (100 + user + first + reply + second + reply),
    )
    expect(result.outputTokens).toBe(first + second + tokensOf('done'))
    expect(result.answer).toBe('done')
    expect(result.failure).toBeUndefined()
    expect(result.calls.map((c) => c.args)).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ])
  })

  it('ends the path with a failure naming the turn and the tool when a call fails', async () => {
    const result = await runPath(twoCalls, scriptedEnv('no such numbers', true), 100)
    expect(result.failure).toBe('turn 1: get-sum failed: no such numbers')
    expect(result.answer).toBeUndefined()
  })
})
