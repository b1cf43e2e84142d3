// Inputs refused while snapshotting still reach tools/result exactly once, when the call has a
// usable identity (a string callId and a string name); a scoped call's result goes to its scope.
import type { ToolExecution, ToolExecutionResult } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

type Harness = Awaited<ReturnType<typeof setup>>

async function watched() {
  const t = await setup()
  const calls = { body: 0, pre: 0, execute: 0, post: 0 }
  const observed: Array<[ToolExecution, ToolExecutionResult]> = []
  t.register(tool('x', () => (calls.body++, text('ran'))))
  t.root.on('tools/pre-execute', async (_exec, next) => (calls.pre++, next()))
  t.root.on('tools/execute', async (_exec, next) => (calls.execute++, next()))
  t.root.on('tools/post-execute', async (_exec, _result, next) => (calls.post++, next()))
  t.root.on('tools/result', (exec, result) => {
    observed.push([exec, result])
  })
  return { t, calls, observed }
}

class Point {
  x = 1
}

// why: each case builds its input from the harness, so token cases can use this registry's tokens.
const refused: Array<[string, (t: Harness) => Promise<Record<string, unknown>> | Record<string, unknown>, string]> = [
  ['a function member in arguments', () => ({ arguments: { f: () => 1 } }), 'INVALID_ARGS'],
  ['a Map as arguments', () => ({ arguments: new Map([['a', 1]]) }), 'INVALID_ARGS'],
  ['a class instance as arguments', () => ({ arguments: new Point() }), 'INVALID_ARGS'],
  ['an array as arguments', () => ({ arguments: [1, 2] }), 'INVALID_ARGS'],
  ['a string as arguments', () => ({ arguments: 'hi' }), 'INVALID_ARGS'],
  ['missing arguments', () => ({}), 'INVALID_ARGS'],
  [
    'a forged parent token',
    () => ({ arguments: {}, parent: Object.freeze(Object.create(null) as object) }),
    'INVALID_INPUT',
  ],
  ['a mutable parent token', () => ({ arguments: {}, parent: {} }), 'INVALID_INPUT'],
  [
    'a parent token of another registry',
    async () => {
      const other = await setup()
      let foreign: unknown
      other.root.on('tools/result', (exec) => {
        foreign = exec.token
      })
      await other.execute({ callId: 'o', name: 'ghost', arguments: {} })
      return { arguments: {}, parent: foreign }
    },
    'INVALID_INPUT',
  ],
  ['a bogus agent', () => ({ arguments: {}, agent: 'me' }), 'INVALID_INPUT'],
  ['a bogus signal', () => ({ arguments: {}, signal: { aborted: false } }), 'INVALID_INPUT'],
  [
    'a throwing arguments getter',
    () => ({
      get arguments(): never {
        throw new Error('boom')
      },
    }),
    'INVALID_INPUT',
  ],
]

describe('inputs refused while snapshotting', () => {
  it.each(refused)('%s: one observed result, the very one returned, and no policy ran', async (_label, make, code) => {
    const { t, calls, observed } = await watched()
    const input = Object.defineProperties(
      {},
      {
        ...Object.getOwnPropertyDescriptors(await make(t)),
        callId: { value: 'c', enumerable: true },
        name: { value: 'x', enumerable: true },
      },
    )
    const result = await t.execute(input)
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code } })
    expect(observed).toHaveLength(1)
    const [exec, seen] = observed[0]!
    expect(seen).toBe(result)
    expect(Object.isFrozen(result)).toBe(true)
    expect(exec).toMatchObject({ callId: 'c', name: 'x', arguments: {} })
    expect(exec.parent).toBeUndefined()
    expect(exec.signal).toBeUndefined()
    expect(Object.isFrozen(exec.arguments)).toBe(true)
    expect(Object.isFrozen(exec.token)).toBe(true)
    expect(() => {
      exec.signal = new AbortController().signal
    }).toThrow(TypeError)
    expect(calls).toEqual({ body: 0, pre: 0, execute: 0, post: 0 })
  })

  it('keeps what was valid on the observed execution: own parent token, agent, and the reason', async () => {
    const { t, observed } = await watched()
    let token: unknown
    t.register(
      tool('outer', async (_args, exec) => {
        token = exec.token
        return (
          await t.execute({ callId: 'inner', name: 'x', arguments: { bad: 1n }, parent: exec.token, agent: exec.agent })
        ).content
      }),
    )
    const agent = t.agent()
    const outer = await t.execute({ callId: 'outer', name: 'outer', arguments: {}, agent: agent.key })
    expect(textOf(outer)).toContain('BigInt')
    const inner = observed.find(([exec]) => exec.callId === 'inner')
    expect(inner?.[0].parent).toBe(token)
    expect(inner?.[0].agent).toBe(agent.key)
    expect(observed.map(([exec]) => exec.callId)).toEqual(['inner', 'outer'])
  })

  it("sends a scoped call's refusal to its own scope only (and to global observers)", async () => {
    const t = await setup()
    const mine = t.agent()
    const theirs = t.agent()
    const seen: string[] = []
    t.root.on('tools/result', (exec) => {
      seen.push(`global:${exec.callId}`)
    })
    mine.ctx.on('tools/result', (exec) => {
      seen.push(`mine:${exec.callId}`)
    })
    theirs.ctx.on('tools/result', (exec) => {
      seen.push(`theirs:${exec.callId}`)
    })
    const result = await t.execute({ callId: 'm', name: 'x', arguments: new Map(), agent: mine.key })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    expect(seen.toSorted()).toEqual(['global:m', 'mine:m'])
  })
})

describe('inputs without a usable identity', () => {
  it.each<[string, unknown, string]>([
    ['a non-object input', 42, ''],
    ['null', null, ''],
    ['a numeric callId', { callId: 1, name: 'x', arguments: {} }, ''],
    ['a missing callId', { name: 'x', arguments: {} }, ''],
    ['a missing name', { callId: 'c', arguments: {} }, 'c'],
    ['a numeric name', { callId: 'c', name: 7, arguments: {} }, 'c'],
    [
      'a throwing callId getter',
      {
        get callId(): never {
          throw new Error('no id')
        },
        name: 'x',
        arguments: {},
      },
      '',
    ],
  ])('%s: an isError for the caller, and nothing observed', async (_label, input, callId) => {
    const { t, calls, observed } = await watched()
    const result = await t.execute(input)
    expect(result).toMatchObject({ callId, isError: true, error: { code: 'INVALID_INPUT' } })
    expect(Object.isFrozen(result)).toBe(true)
    expect(observed).toHaveLength(0)
    expect(calls).toEqual({ body: 0, pre: 0, execute: 0, post: 0 })
  })
})
