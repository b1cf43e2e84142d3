// Unstable input: values whose getters or Proxy traps answer differently from one read to the
// next. Arguments (at execute) and parameters (at register) are read twice and must agree.
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { assert, jsonValue, property } from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toStableLosslessJson } from '../src/stable-json.ts'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

/** An object whose `key` getter returns each of `answers` in turn (the last one from then on). */
function flipping(key: string, ...answers: unknown[]): Record<string, unknown> {
  let reads = 0
  return Object.defineProperty({}, key, { enumerable: true, get: () => answers[Math.min(reads++, answers.length - 1)] })
}

/** A Proxy over `{}` whose ownKeys answer changes after the first two calls (one detach = two calls). */
function shiftingKeys(): object {
  let calls = 0
  const target: Record<string, unknown> = { a: 1, b: 2 }
  return new Proxy(target, {
    ownKeys: () => (calls++ < 2 ? ['a'] : ['a', 'b']),
  })
}

describe('toStableLosslessJson', () => {
  it('copies any JSON value exactly like one lossless read (property)', () => {
    assert(
      property(jsonValue(), (value) => {
        const copy = toStableLosslessJson(value)
        expect(copy).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) as unknown })
      }),
      { numRuns: 200 },
    )
  })

  it.each<[string, () => unknown, string]>([
    [
      'JSON on the first read and a Map on the second',
      () => flipping('a', 1, new Map()),
      '$.a: Map is not a plain object',
    ],
    ['two different JSON values', () => flipping('a', 1, 2), '$.a: 1 then 2'],
    [
      'a nested change of type',
      () => ({ list: [flipping('v', 'x', { y: 1 })] }),
      '$.list[0].v: a string then an object',
    ],
    ['keys that change between reads', shiftingKeys, '$: keys ["a"] then ["a","b"]'],
  ])('reports %s as unstable, with the path', (_label, make, why) => {
    const copy = toStableLosslessJson(make())
    expect(copy.ok).toBe(false)
    if (copy.ok) return
    expect(copy.unstable).toBe(true)
    expect(copy.reason).toContain(why)
  })

  it('reports a value that is not JSON on the first read as not JSON (not unstable)', () => {
    const copy = toStableLosslessJson({ a: new Map() })
    expect(copy).toEqual({ ok: false, unstable: false, reason: '$.a: Map is not a plain object' })
  })

  it('compares 5,000-deep values without recursion', () => {
    let value: Record<string, unknown> = { leaf: true }
    for (let i = 0; i < 5_000; i++) value = { a: value }
    expect(toStableLosslessJson(value).ok).toBe(true)
  })
})

describe('unstable arguments at execute', () => {
  it.each<[string, () => unknown, string]>([
    ['JSON then a Map', () => flipping('a', 1, new Map()), 'arguments.a: Map is not a plain object'],
    ['one JSON value then another', () => flipping('a', 'yes', 'no'), 'arguments.a: "yes" then "no"'],
    ['a nested flip', () => ({ deep: { list: [flipping('v', 1, [1])] } }), 'arguments.deep.list[0].v'],
  ])('refuses %s with INVALID_ARGS, runs nothing and is observed once', async (_label, make, why) => {
    const t = await setup()
    let ran = 0
    const observed: string[] = []
    t.register(tool('x', () => (ran++, text('ran'))))
    t.root.on('tools/result', (exec) => {
      observed.push(exec.callId)
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: make() })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_ARGS' } })
    expect(textOf(result)).toContain(`arguments of tool "x" are unstable`)
    expect(textOf(result)).toContain(why)
    expect(ran).toBe(0)
    expect(observed).toEqual(['c'])
  })

  it('reads a stable getter exactly twice, both while snapshotting, and never again', async () => {
    const t = await setup()
    let reads = 0
    const args = Object.defineProperty({}, 'n', { enumerable: true, get: () => (reads++, 7) })
    let atDispatch = -1
    t.register(tool('x', (got: { n: number }) => ((atDispatch = reads), text(String(got.n)))))
    t.root.on('tools/post-execute', async (exec, _result, next) => {
      void exec.arguments.n
      return next()
    })
    t.root.on('tools/result', (exec) => {
      void exec.arguments.n
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: args })
    expect(textOf(result)).toBe('7')
    expect(atDispatch).toBe(2)
    expect(reads).toBe(2)
  })
})

describe('unstable parameters at register', () => {
  it.each<[string, () => unknown, RegExp]>([
    [
      'JSON then a Map',
      () => ({ type: 'object', properties: flipping('a', { type: 'string' }, new Map()) }),
      /unstable parameters.*\$\.properties\.a: Map is not a plain object/,
    ],
    [
      'a type that changes',
      () => flipping('type', 'object', 'string'),
      /unstable parameters.*\$\.type: "object" then "string"/,
    ],
  ])('refuses %s with INVALID_DEFINITION', (_label, make, why) => {
    const registry = new ToolRegistry(new Context())
    let thrown: unknown
    try {
      registry.register({ name: 'x', parameters: make() as never, execute: async () => [] })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ name: 'RegistryError', code: 'INVALID_DEFINITION' })
    expect(String((thrown as Error).message)).toMatch(why)
    expect(registry.get('x')).toBeUndefined()
  })

  it('refuses an unstable outputSchema the same way', () => {
    const registry = new ToolRegistry(new Context())
    const outputSchema = flipping('type', 'object', 'array')
    expect(() =>
      registry.register({
        name: 'x',
        parameters: { type: 'object' },
        outputSchema: outputSchema as never,
        execute: async () => [],
      }),
    ).toThrow(/unstable outputSchema/)
  })
})
