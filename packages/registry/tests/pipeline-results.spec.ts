import type { PostToolDecision, ToolExecution, ToolExecutionResult } from '@isocode/registry'
import type { Message } from 'cordis'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

describe('tools/post-execute', () => {
  it('composes in registration order and sees a frozen result', async () => {
    const t = await setup()
    t.register(tool('x'))
    const order: string[] = []
    let frozen = false
    t.root.on('tools/post-execute', async (_exec, result, next) => {
      frozen = Object.isFrozen(result) && Object.isFrozen(result.content)
      order.push('A')
      return next()
    })
    t.root.on('tools/post-execute', async (_exec, _result, next) => (order.push('B'), next()))
    await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(order).toEqual(['A', 'B'])
    expect(frozen).toBe(true)
  })

  it('accept replaces content and attaches additionalContext, keeping meta', async () => {
    const t = await setup()
    t.register(tool('x', () => ({ content: text('raw'), meta: { m: 1 } })))
    t.root.on('tools/post-execute', async () => ({
      kind: 'accept',
      content: text('redacted'),
      additionalContext: { text: 'remember this', source: 'audit' },
    }))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({
      callId: 'c',
      content: text('redacted'),
      isError: false,
      meta: { m: 1 },
      additionalContext: { text: 'remember this', source: 'audit' },
    })
  })

  it('carries structuredContent from the object output form, and drops it when content is replaced', async () => {
    const t = await setup()
    t.register(tool('x', () => ({ content: text('{"n":1}'), structuredContent: { n: 1 } })))
    expect(await t.execute({ callId: 'c', name: 'x', arguments: {} })).toEqual({
      callId: 'c',
      content: text('{"n":1}'),
      isError: false,
      structuredContent: { n: 1 },
    })
    t.root.on('tools/post-execute', async () => ({ kind: 'accept', content: text('redacted') }))
    expect(await t.execute({ callId: 'c2', name: 'x', arguments: {} })).toEqual({
      callId: 'c2',
      content: text('redacted'),
      isError: false,
    })
  })

  it('accept cannot turn a failure into a success', async () => {
    const t = await setup()
    t.root.on('tools/post-execute', async () => ({ kind: 'accept', content: text('all fine, honest') }))
    const result = await t.execute({ callId: 'c', name: 'ghost', arguments: {} })
    expect(result).toMatchObject({ isError: true, content: text('all fine, honest'), error: { code: 'UNKNOWN_TOOL' } })
  })

  it('block turns the call into an isError with the feedback and its own context only', async () => {
    const t = await setup()
    t.register(tool('x', () => ({ content: text('secret'), meta: { m: 1 } })))
    t.root.on('tools/post-execute', async () => ({
      kind: 'block',
      feedback: 'do not read secrets',
      additionalContext: { text: 'blocked' },
    }))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({
      callId: 'c',
      content: text('do not read secrets'),
      isError: true,
      additionalContext: { text: 'blocked' },
    })
  })

  it('block feedback may be content blocks: the isError content is exactly that feedback', async () => {
    const t = await setup()
    t.register(tool('x', () => text('secret')))
    const feedback = [
      { type: 'text', text: 'try again' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ] as const
    t.root.on('tools/post-execute', async () => ({ kind: 'block', feedback: feedback as never }))
    let observed: ToolExecutionResult | undefined
    t.root.on('tools/result', (_exec, result) => {
      observed = result
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({ callId: 'c', content: feedback, isError: true })
    expect(result.content).not.toBe(feedback)
    expect(observed).toBe(result)
  })

  it.each<[string, unknown, string]>([
    [
      'block feedback that is a number',
      { kind: 'block', feedback: 7 },
      'feedback must be a string or an array of content blocks',
    ],
    [
      'block feedback with a malformed block',
      { kind: 'block', feedback: [{ type: 'text' }] },
      'block decision feedback content[0] (text) needs a string "text"',
    ],
    [
      'block feedback with an unknown block type',
      { kind: 'block', feedback: [{ type: 'video', url: 'x' }] },
      'feedback content[0] has unknown type "video"',
    ],
    ['an unknown kind', { kind: 'retry' }, 'unknown kind "retry"'],
    ['extra fields', { kind: 'accept', score: 1 }, 'unexpected field "score"'],
    ['a block without feedback', { kind: 'block' }, 'feedback must be a string or an array of content blocks'],
    ['content that is not blocks', { kind: 'accept', content: 'hi' }, 'content must be an array'],
    [
      'additionalContext without text',
      { kind: 'accept', additionalContext: { note: 'x' } },
      'additionalContext.text must be a string',
    ],
    [
      'additionalContext that is a string',
      { kind: 'block', feedback: 'f', additionalContext: 'x' },
      'additionalContext must be an object',
    ],
    [
      'a non-JSON additionalContext',
      { kind: 'accept', additionalContext: { text: 'x', at: new Date() } },
      'not plain JSON data',
    ],
    ['nothing', undefined, 'not plain JSON data'],
  ])('turns %s into an isError naming the mistake', async (_label, garbage, why) => {
    const t = await setup()
    t.register(tool('x'))
    let observed: ToolExecutionResult | undefined
    t.root.on('tools/post-execute', async () => garbage as PostToolDecision)
    t.root.on('tools/result', (_exec, result) => {
      observed = result
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_DECISION' } })
    expect(textOf(result)).toContain('tools/post-execute returned an invalid decision for tool "x"')
    expect(textOf(result)).toContain(why)
    expect(observed).toBe(result)
  })

  it('turns next() called twice into an isError', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/post-execute', async (_exec, _result, next) => {
      await next()
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_DECISION' } })
    expect(textOf(result)).toContain('next() called multiple times')
  })

  it('turns a throwing listener into an isError', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/post-execute', async () => {
      throw new Error('post crashed')
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_DECISION' } })
    expect(textOf(result)).toContain('post crashed')
  })
})

describe('tools/result observers', () => {
  it('receive the sealed execution and the very frozen result execute() returns', async () => {
    const t = await setup()
    t.register(tool('x'))
    const seen: Array<[ToolExecution, ToolExecutionResult]> = []
    t.root.on('tools/result', (exec, result) => {
      seen.push([exec, result])
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: new AbortController().signal })
    expect(seen).toHaveLength(1)
    const [exec, observed] = seen[0]!
    expect(observed).toBe(result)
    expect(Object.isFrozen(exec)).toBe(true)
    expect(() => {
      exec.signal = undefined
    }).toThrow(TypeError)
  })

  it('contain throwing and rejecting observers: the result and the other observers are unaffected', async () => {
    const t = await setup()
    const warnings: string[] = []
    t.root.logger.exporter({
      export: (message: Message) => {
        if (message.type === 'warn') warnings.push(String(message.args.join(' ')))
      },
    })
    t.register(tool('x', () => text('fine')))
    const calls: string[] = []
    t.root.on('tools/result', () => {
      calls.push('first')
      throw new Error('sync observer bug')
    })
    t.root.on('tools/result', async () => {
      calls.push('second')
      throw new Error('async observer bug')
    })
    t.root.on('tools/result', () => {
      calls.push('third')
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({ callId: 'c', content: text('fine'), isError: false })
    expect(calls).toEqual(['first', 'second', 'third'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(warnings.join('\n')).toContain('sync observer bug')
    expect(warnings.join('\n')).toContain('async observer bug')
  })

  it('reach scoped observers only for their own agent', async () => {
    const t = await setup()
    t.register(tool('x'))
    const mine = t.agent()
    const seen: string[] = []
    t.root.on('tools/result', (exec) => {
      seen.push(`global:${exec.callId}`)
    })
    mine.ctx.on('tools/result', (exec) => {
      seen.push(`mine:${exec.callId}`)
    })
    await t.execute({ callId: 'g', name: 'x', arguments: {} })
    await t.execute({ callId: 'm', name: 'x', arguments: {}, agent: mine.key })
    await t.execute({ callId: 'o', name: 'x', arguments: {}, agent: t.agent().key })
    expect(seen).toEqual(['global:g', 'global:m', 'mine:m', 'global:o'])
  })

  it('see exactly one result per execution, whatever the outcome', async () => {
    const t = await setup()
    t.register(tool('ok'))
    t.register(
      tool('boom', () => {
        throw new Error('x')
      }),
    )
    t.guard((exec) => (exec.name === 'guarded' ? 'no' : undefined))
    const seen: string[] = []
    t.root.on('tools/result', (exec, result) => {
      seen.push(`${exec.callId}:${result.isError}`)
    })
    for (const name of ['ok', 'boom', 'guarded', 'ghost']) await t.execute({ callId: name, name, arguments: {} })
    expect(seen).toEqual(['ok:false', 'boom:true', 'guarded:true', 'ghost:true'])
  })
})
