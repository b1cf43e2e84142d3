import { HarnessError } from '@isocode/harness'
import { ToolArgsError, type ToolExecutionResult } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

describe('tools/execute (around dispatch)', () => {
  it('composes wrappers around dispatch in registration order', async () => {
    const t = await setup()
    const order: string[] = []
    t.register(tool('x', () => (order.push('body'), text('ok'))))
    t.root.on('tools/execute', async (_exec, next) => {
      order.push('outer in')
      const r = await next()
      order.push('outer out')
      return r
    })
    t.root.on('tools/execute', async (_exec, next) => {
      order.push('inner in')
      const r = await next()
      order.push('inner out')
      return r
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result.isError).toBe(false)
    expect(order).toEqual(['outer in', 'inner in', 'body', 'inner out', 'outer out'])
  })

  it('lets a wrapper add, replace and remove exec.signal, and the tool sees its signal', async () => {
    const t = await setup()
    const wrapperSignal = new AbortController().signal
    const caller = new AbortController().signal
    const seen: Array<AbortSignal | undefined> = []
    t.register(tool('x', (_args, exec) => (seen.push(exec.signal), text('ok'))))
    t.root.on('tools/execute', async (exec, next) => {
      const original = exec.signal
      exec.signal = wrapperSignal
      try {
        return await next()
      } finally {
        exec.signal = original
      }
    })
    t.root.on('tools/post-execute', async (exec, _result, next) => (seen.push(exec.signal), next()))
    await t.execute({ callId: 'a', name: 'x', arguments: {}, signal: caller })
    await t.execute({ callId: 'b', name: 'x', arguments: {} })
    expect(seen).toEqual([wrapperSignal, caller, wrapperSignal, undefined])
  })

  it('turns a wrapper that touches the identity into an isError and skips post-execute', async () => {
    const t = await setup()
    let body = 0
    let post = 0
    t.register(tool('x', () => (body++, text('ok'))))
    t.root.on('tools/execute', async (exec, next) => {
      ;(exec as { name: string }).name = 'other'
      return next()
    })
    t.root.on('tools/post-execute', async (_e, _r, next) => (post++, next()))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'TOOL_FAILED' } })
    expect(textOf(result)).toContain('tools/execute wrapper failed for tool "x"')
    expect({ body, post }).toEqual({ body: 0, post: 0 })
  })

  it('rejects a signal that is not an AbortSignal', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/execute', async (exec, next) => {
      exec.signal = 'soon' as never
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(textOf(result)).toContain('exec.signal must be an AbortSignal')
  })

  it("gives a short-circuit result the execution's own callId and skips the body", async () => {
    const t = await setup()
    let body = 0
    t.register(tool('x', () => (body++, text('body'))))
    t.root.on('tools/execute', async () => ({
      callId: 'someone-else',
      content: text('cached'),
      isError: false,
      meta: { hit: true },
    }))
    const result = await t.execute({ callId: 'mine', name: 'x', arguments: {} })
    expect(result).toEqual({ callId: 'mine', content: text('cached'), isError: false, meta: { hit: true } })
    expect(body).toBe(0)
  })

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['a string', 'done'],
    ['missing isError', { content: text('x') }],
    ['content that is not blocks', { content: ['x'], isError: false }],
    ['an extra field', { content: text('x'), isError: false, extra: 1 }],
    ['a malformed error', { content: text('x'), isError: true, error: { code: 5 } }],
    ['a BigInt meta', { content: text('x'), isError: false, meta: 1n }],
  ])('turns a wrapper returning %s into INVALID_TOOL_OUTPUT without post-execute', async (_label, garbage) => {
    const t = await setup()
    let post = 0
    t.register(tool('x'))
    t.root.on('tools/execute', async () => garbage as ToolExecutionResult)
    t.root.on('tools/post-execute', async (_e, _r, next) => (post++, next()))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_TOOL_OUTPUT' } })
    expect(post).toBe(0)
  })

  it('turns next() called twice into an isError', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/execute', async (_exec, next) => {
      await next()
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'TOOL_FAILED' } })
    expect(textOf(result)).toContain('next() called multiple times')
  })

  it('base next() already normalizes a thrown and an unknown tool', async () => {
    const t = await setup()
    const seen: ToolExecutionResult[] = []
    t.register(
      tool('boom', () => {
        throw new Error('kaput')
      }),
    )
    t.root.on('tools/execute', async (_exec, next) => {
      const r = await next()
      seen.push(r)
      return r
    })
    await t.execute({ callId: 'a', name: 'boom', arguments: {} })
    await t.execute({ callId: 'b', name: 'ghost', arguments: {} })
    expect(seen).toEqual([
      { callId: 'a', content: text('kaput'), isError: true, error: { name: 'RegistryError', code: 'TOOL_FAILED' } },
      {
        callId: 'b',
        content: text('unknown tool "ghost"'),
        isError: true,
        error: { name: 'RegistryError', code: 'UNKNOWN_TOOL' },
      },
    ])
  })

  it('resolves the tool at dispatch time', async () => {
    const t = await setup()
    t.root.on('tools/pre-execute', async (_exec, next) => {
      t.register(tool('late', () => text('late ok')))
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'late', arguments: {} })
    expect(textOf(result)).toBe('late ok')
  })
})

function cyclic(): unknown {
  const block: Record<string, unknown> = { type: 'text', text: 'x' }
  block.self = block
  return [block]
}

describe('tool output normalization', () => {
  it.each<[string, () => unknown, string]>([
    ['a function', () => () => 1, 'function'],
    ['a BigInt', () => [{ type: 'text', text: 'x', n: 10n }], 'BigInt'],
    ['a cycle', cyclic, 'cycle'],
    [
      'a throwing getter',
      () => [
        {
          type: 'text',
          get text(): string {
            throw new Error('no text')
          },
        },
      ],
      'no text',
    ],
    ['a bare string', () => 'hello', 'must return ContentBlock[]'],
    ['an object with extra keys', () => ({ content: text('x'), note: 1 }), 'must return ContentBlock[]'],
    ['a block of unknown type', () => [{ type: 'video', url: 'x' }], 'content[0] has unknown type "video"'],
    ['a text block without text', () => [{ type: 'text' }], 'content[0] (text) needs a string "text"'],
    ['non-JSON meta', () => ({ content: text('x'), meta: new Date() }), 'not a plain object'],
    ['undefined', () => undefined, 'undefined is not JSON'],
  ])('turns %s into INVALID_TOOL_OUTPUT', async (_label, output, why) => {
    const t = await setup()
    t.register(tool('x', output))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({
      callId: 'c',
      isError: true,
      error: { name: 'RegistryError', code: 'INVALID_TOOL_OUTPUT' },
    })
    expect(textOf(result)).toContain(why)
  })

  it('accepts the object form with meta and every content block type', async () => {
    const t = await setup()
    const content = [
      { type: 'text', text: 't' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'audio', data: 'AA==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'a' } },
      { type: 'resource_link', uri: 'file:///b', name: 'b', mimeType: 'text/plain' },
    ]
    t.register(tool('x', () => ({ content, meta: { lines: [1, 2] } })))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({ callId: 'c', content, isError: false, meta: { lines: [1, 2] } })
    expect(Object.isFrozen(result.meta)).toBe(true)
  })

  it('maps thrown HarnessErrors to { name, code } with the message as model-facing text', async () => {
    const t = await setup()
    class QuotaError extends HarnessError {
      override name = 'QuotaError'
    }
    t.register(
      tool('args', () => {
        throw new ToolArgsError(['"path" must be a string'])
      }),
    )
    t.register(
      tool('quota', () => {
        throw new QuotaError('over quota', 'QUOTA')
      }),
    )
    t.register(
      tool('raw', () => {
        throw 'just a string'
      }),
    )
    const args = await t.execute({ callId: 'a', name: 'args', arguments: {} })
    expect(args.error).toEqual({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
    expect(textOf(args)).toContain('"path" must be a string')
    expect(await t.execute({ callId: 'q', name: 'quota', arguments: {} })).toEqual({
      callId: 'q',
      content: text('over quota'),
      isError: true,
      error: { name: 'QuotaError', code: 'QUOTA' },
    })
    const raw = await t.execute({ callId: 'r', name: 'raw', arguments: {} })
    expect(raw).toMatchObject({ content: text('just a string'), error: { code: 'TOOL_FAILED' } })
  })
})
