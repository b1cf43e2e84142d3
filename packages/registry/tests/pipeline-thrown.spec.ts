// Hostile thrown values: whatever a tool, a listener or an observer throws, describing it never
// throws, so every boundary still yields an isError result and post-execute still runs.
import { HarnessError } from '@isocode/harness'
import type { ToolExecutionResult } from '@isocode/registry'
import type { Message } from 'cordis'
import { describe, expect, it } from 'vitest'
import { describeThrown, failureOfThrown } from '../src/pipeline/results.ts'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

const trap = (): never => {
  throw new Error('trap')
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

class ThrowingMessage extends Error {
  override get message(): string {
    return trap()
  }
}

// why: built lazily so each case gets a fresh value and nothing hostile runs at import time.
const hostile: Array<[string, () => unknown]> = [
  ['a Proxy whose getPrototypeOf throws', () => new Proxy({}, { getPrototypeOf: trap })],
  [
    'a Proxy whose every trap throws',
    () => new Proxy({}, { getPrototypeOf: trap, get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap }),
  ],
  ['a revoked Proxy', revoked],
  [
    'an object whose message getter throws',
    () => ({
      get message(): string {
        return trap()
      },
    }),
  ],
  ['an object whose toString throws', () => ({ toString: trap })],
  ['an object whose Symbol.toPrimitive throws', () => ({ [Symbol.toPrimitive]: trap })],
  ['a prototype-less object', () => Object.create(null) as object],
  ['a message that is itself hostile', () => ({ message: { toString: trap } })],
  ['an Error whose message getter throws', () => new ThrowingMessage()],
  [
    'a HarnessError whose code getter throws',
    () => Object.defineProperty(new HarnessError('m', 'X'), 'code', { get: trap }),
  ],
  ['a symbol', () => Symbol('thrown')],
]

describe('describing a thrown value', () => {
  it.each(hostile)('never throws for %s', (_label, make) => {
    const value = make()
    expect(typeof describeThrown(value)).toBe('string')
    const failure = failureOfThrown(value, 'TOOL_FAILED', 'prefix: ')
    expect(failure).toMatchObject({ name: 'RegistryError', code: 'TOOL_FAILED' })
    expect(failure.message.startsWith('prefix: ')).toBe(true)
  })
})

describe('a tool throwing a hostile value', () => {
  it.each(hostile)(
    '%s: await next() resolves an isError, post-execute and one observer see it',
    async (_label, make) => {
      const t = await setup()
      t.register(
        tool('x', () => {
          throw make()
        }),
      )
      const wrapped: ToolExecutionResult[] = []
      const posted: ToolExecutionResult[] = []
      const observed: ToolExecutionResult[] = []
      t.root.on('tools/execute', async (_exec, next) => {
        const r = await next()
        wrapped.push(r)
        return r
      })
      t.root.on('tools/post-execute', async (_exec, result, next) => (posted.push(result), next()))
      t.root.on('tools/result', (_exec, result) => {
        observed.push(result)
      })
      const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
      expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'TOOL_FAILED' } })
      expect(textOf(result).length).toBeGreaterThan(0)
      expect(wrapped).toHaveLength(1)
      expect(wrapped[0]).toMatchObject({ callId: 'c', isError: true, error: { code: 'TOOL_FAILED' } })
      expect(posted).toHaveLength(1)
      expect(observed).toEqual([result])
    },
  )
})

const make = (): unknown => new Proxy({}, { getPrototypeOf: trap, get: trap })

describe('listeners throwing a hostile value', () => {
  it('a tools/pre-execute listener fails closed', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/pre-execute', async () => {
      throw make()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'DENIED' } })
  })

  it('a tools/execute wrapper becomes an isError', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/execute', async () => {
      throw make()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'TOOL_FAILED' } })
  })

  it('a tools/post-execute listener becomes an isError', async () => {
    const t = await setup()
    t.register(tool('x'))
    t.root.on('tools/post-execute', async () => {
      throw make()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_DECISION' } })
  })

  it('a rejecting tools/result observer is logged, and the other observer still runs', async () => {
    const t = await setup()
    t.register(tool('x', () => text('fine')))
    let other = 0
    const warned: string[] = []
    t.root.logger.exporter({
      export: (message: Message) => {
        if (message.type === 'warn')
          warned.push(message.args.map((a) => (typeof a === 'string' ? a : typeof a)).join(' '))
      },
    })
    t.root.on('tools/result', async () => {
      throw make()
    })
    t.root.on('tools/result', () => {
      other++
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    // why: observers are not awaited by execute(); a macrotask lets the rejection be handled and logged.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(result.isError).toBe(false)
    expect(other).toBe(1)
    expect(warned.join('\n')).toContain('tools/result')
  })

  it('a hostile signal in the input is INVALID_INPUT, not a rejection', async () => {
    const t = await setup()
    t.register(tool('x'))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: make() })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_INPUT' } })
  })
})

describe('a thrown value without a message (R-37)', () => {
  it.each([
    ['a plain object', { code: 'E_DOWN', retry: false }, '{"code":"E_DOWN","retry":false}'],
    ['an array', ['a', 1], '["a",1]'],
    ['a prototype-less object', Object.assign(Object.create(null) as object, { code: 7 }), '{"code":7}'],
    ['a string', 'plain words', 'plain words'],
  ])('%s is shown as JSON, never [object Object]', async (_label, thrown, shown) => {
    const t = await setup()
    t.register(
      tool('x', () => {
        throw thrown
      }),
    )
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result.error?.code).toBe('TOOL_FAILED')
    expect(textOf(result)).toBe(shown)
  })
})
