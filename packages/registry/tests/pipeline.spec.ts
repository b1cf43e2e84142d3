import type { ToolExecution, ToolExecutionResult } from '@isocode/registry'
import { assert, asyncProperty, dictionary, jsonValue, string } from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

describe('executeTool: input snapshot', () => {
  it('runs a trivial tool and returns a frozen success', async () => {
    const t = await setup()
    t.register(tool('echo', (args: { say: string }) => text(args.say)))
    const result = await t.execute({ callId: 'c1', name: 'echo', arguments: { say: 'hi' } })
    expect(result).toEqual({ callId: 'c1', content: text('hi'), isError: false })
    expect(Object.isFrozen(result)).toBe(true)
    expect(Object.isFrozen(result.content)).toBe(true)
    expect(Object.isFrozen(result.content[0])).toBe(true)
  })

  it('reads every input field exactly once', async () => {
    const t = await setup()
    t.register(tool('echo', (args: { n: number }) => text(String(args.n))))
    const reads = new Map<string | symbol, number>()
    let n = 0
    const input = new Proxy(
      { callId: 'c', name: 'echo', arguments: {} },
      {
        get(target, key) {
          reads.set(key, (reads.get(key) ?? 0) + 1)
          if (key === 'arguments') return { n: ++n }
          return Reflect.get(target, key)
        },
      },
    )
    const result = await t.execute(input)
    expect(textOf(result)).toBe('1')
    for (const key of ['callId', 'name', 'arguments', 'agent', 'parent', 'signal']) expect(reads.get(key)).toBe(1)
  })

  it('turns a throwing input getter into INVALID_INPUT without running anything', async () => {
    const t = await setup()
    let ran = false
    t.register(tool('x', () => ((ran = true), text('no'))))
    const input = {
      callId: 'c',
      name: 'x',
      get arguments(): never {
        throw new Error('boom')
      },
    }
    const result = await t.execute(input)
    expect(result).toMatchObject({ isError: true, error: { name: 'RegistryError', code: 'INVALID_INPUT' } })
    expect(textOf(result)).toContain('boom')
    expect(ran).toBe(false)
  })

  it.each([
    ['a non-object input', 42, 'INVALID_INPUT', ''],
    ['a numeric callId', { callId: 1, name: 'x', arguments: {} }, 'INVALID_INPUT', ''],
    ['a missing name', { callId: 'c', arguments: {} }, 'INVALID_INPUT', 'c'],
    ['a bogus agent', { callId: 'c', name: 'x', arguments: {}, agent: 'me' }, 'INVALID_INPUT', 'c'],
    ['a bogus signal', { callId: 'c', name: 'x', arguments: {}, signal: {} }, 'INVALID_INPUT', 'c'],
  ])('rejects %s', async (_label, input, code, callId) => {
    const t = await setup()
    const result = await t.execute(input)
    expect(result).toMatchObject({ callId, isError: true, error: { code } })
    expect(Object.isFrozen(result)).toBe(true)
  })

  it.each([
    ['an array', [1, 2], 'got an array'],
    ['a string', 'hello', 'got a string'],
    ['null', null, 'got null'],
    ['a BigInt member', { n: 1n }, 'BigInt'],
    [
      'a cycle',
      (() => {
        const a: Record<string, unknown> = {}
        a.self = a
        return a
      })(),
      'cycle',
    ],
    ['a Date', { when: new Date(0) }, 'not a plain object'],
    ['an undefined member', { a: undefined }, 'undefined'],
    ['NaN', { a: Number.NaN }, 'NaN'],
    ['a Map', new Map(), 'not a plain object'],
  ])('refuses %s as arguments with INVALID_ARGS and never runs the tool', async (_label, args, why) => {
    const t = await setup()
    let ran = false
    t.register(tool('x', () => ((ran = true), text('no'))))
    let observed = 0
    t.root.on('tools/pre-execute', async (_exec, next) => (observed++, next()))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: args })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_ARGS' } })
    expect(textOf(result)).toContain(why)
    expect(ran).toBe(false)
    expect(observed).toBe(0)
  })

  it('hands the tool a frozen detached snapshot, unaffected by later mutation of the caller object', async () => {
    const t = await setup()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let seen: unknown
    t.register(
      tool('x', async (args: { list: number[] }) => {
        await gate
        seen = structuredClone(args)
        expect(Object.isFrozen(args)).toBe(true)
        expect(Object.isFrozen(args.list)).toBe(true)
        return text('ok')
      }),
    )
    const args = { list: [1, 2], nested: { a: 'b' } }
    const pending = t.execute({ callId: 'c', name: 'x', arguments: args })
    args.list.push(3)
    args.nested.a = 'changed'
    release()
    await pending
    expect(seen).toEqual({ list: [1, 2], nested: { a: 'b' } })
    expect(Object.isFrozen(args)).toBe(false)
  })

  it('handles 5,000-deep arguments', async () => {
    const t = await setup()
    let depth = 0
    t.register(
      tool('deep', (args: Record<string, unknown>) => {
        for (let node: unknown = args; typeof node === 'object' && node !== null; node = (node as { a?: unknown }).a)
          depth++
        return text('deep ok')
      }),
    )
    let args: Record<string, unknown> = {}
    for (let i = 0; i < 5_000; i++) args = { a: args }
    const result = await t.execute({ callId: 'c', name: 'deep', arguments: args })
    expect(result.isError).toBe(false)
    expect(depth).toBe(5_001)
  })
})

describe('executeTool: identity', () => {
  it('assigns a fresh frozen property-free token and protects the identity', async () => {
    const t = await setup()
    const seen: ToolExecution[] = []
    t.register(
      tool('x', (_args, exec) => {
        seen.push(exec)
        expect(() => {
          ;(exec as { name: string }).name = 'y'
        }).toThrow(TypeError)
        expect(() => {
          ;(exec as { callId: string }).callId = 'z'
        }).toThrow(TypeError)
        expect(() => {
          ;(exec as unknown as { extra: number }).extra = 1
        }).toThrow(TypeError)
        expect(() => {
          ;(exec as { token: unknown }).token = {}
        }).toThrow(TypeError)
        return text('ok')
      }),
    )
    await t.execute({ callId: 'a', name: 'x', arguments: {} })
    await t.execute({ callId: 'b', name: 'x', arguments: {} })
    const [first, second] = seen as [ToolExecution, ToolExecution]
    expect(first.token).not.toBe(second.token)
    expect(Object.isFrozen(first.token)).toBe(true)
    expect(Reflect.ownKeys(first.token)).toEqual([])
    expect(Object.getPrototypeOf(first.token)).toBe(null)
    expect(Object.isFrozen(first)).toBe(true)
  })

  it('accepts its own token as parent and refuses anything else', async () => {
    const t = await setup()
    const other = await setup()
    const parents: unknown[] = []
    t.register(
      tool('outer', async (_args, exec) => {
        const inner = await t.execute({ callId: 'inner', name: 'inner', arguments: {}, parent: exec.token })
        return inner.content
      }),
    )
    t.register(tool('inner', (_args, exec) => (parents.push(exec.parent), text('inner ok'))))
    const tokens: unknown[] = []
    t.root.on('tools/result', (exec) => {
      tokens.push(exec.token)
    })
    const outer = await t.execute({ callId: 'outer', name: 'outer', arguments: {} })
    expect(textOf(outer)).toBe('inner ok')
    expect(parents).toHaveLength(1)
    expect(tokens).toContain(parents[0])

    const forged = await t.execute({
      callId: 'f',
      name: 'inner',
      arguments: {},
      parent: Object.freeze(Object.create(null)),
    })
    expect(forged).toMatchObject({ isError: true, error: { code: 'INVALID_INPUT' } })
    let foreign: unknown
    other.root.on('tools/result', (exec) => {
      foreign = exec.token
    })
    other.register(tool('probe'))
    await other.execute({ callId: 'p', name: 'probe', arguments: {} })
    expect(foreign).toBeDefined()
    const alien = await t.execute({ callId: 'g', name: 'inner', arguments: {}, parent: foreign })
    expect(alien).toMatchObject({ isError: true, error: { code: 'INVALID_INPUT' } })
    expect(parents).toHaveLength(1)
  })

  it('reports an unknown tool as UNKNOWN_TOOL', async () => {
    const t = await setup()
    const result = await t.execute({ callId: 'c', name: 'nope', arguments: {} })
    expect(result).toEqual({
      callId: 'c',
      content: text('unknown tool "nope"'),
      isError: true,
      error: { name: 'RegistryError', code: 'UNKNOWN_TOOL' },
    })
  })

  it('does not dispatch when the caller signal is already aborted', async () => {
    const t = await setup()
    let ran = false
    t.register(tool('x', () => ((ran = true), text('no'))))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: AbortSignal.abort() })
    expect(result).toMatchObject({ isError: true, error: { code: 'ABORTED' } })
    expect(ran).toBe(false)
  })
})

describe('executeTool: scale and properties', () => {
  it('runs 10,000 concurrent executions with correct results and distinct tokens', async () => {
    const t = await setup()
    const tokens = new Set<unknown>()
    t.register(
      tool('double', async (args: { n: number }, exec) => {
        tokens.add(exec.token)
        await Promise.resolve()
        return { content: text(String(args.n * 2)), meta: { n: args.n } }
      }),
    )
    const results: ToolExecutionResult[] = await Promise.all(
      Array.from({ length: 10_000 }, (_, n) => t.execute({ callId: `c${n}`, name: 'double', arguments: { n } })),
    )
    results.forEach((result, n) => {
      expect(result.callId).toBe(`c${n}`)
      expect(textOf(result)).toBe(String(n * 2))
      expect(result.meta).toEqual({ n })
    })
    expect(tokens.size).toBe(10_000)
  })

  it('delivers any JSON object argument to the tool unchanged (property)', async () => {
    const t = await setup()
    let seen: unknown
    t.register(tool('see', (args) => ((seen = args), text('ok'))))
    await assert(
      asyncProperty(dictionary(string(), jsonValue()), async (args) => {
        const result = await t.execute({ callId: 'p', name: 'see', arguments: args })
        expect(result.isError).toBe(false)
        expect(seen).toEqual(JSON.parse(JSON.stringify(args)))
      }),
      { numRuns: 60 },
    )
  })
})
