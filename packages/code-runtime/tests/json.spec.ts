import { runInNewContext } from 'node:vm'
import { toLosslessJson } from '@isocode/code-runtime'
import { assert, jsonValue, property } from 'fast-check'
import { describe, expect, it } from 'vitest'

function refused(value: unknown): string {
  const result = toLosslessJson(value)
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`)
  return result.reason
}

function copied(value: unknown): unknown {
  const result = toLosslessJson(value)
  if (!result.ok) throw new Error(`expected a copy, got refusal: ${result.reason}`)
  return result.value
}

describe('toLosslessJson', () => {
  it('copies every JSON root type', () => {
    for (const value of [null, true, false, 0, 1.5, -7, '', 'é€😀', [], {}, [1, 'a', null], { a: { b: [true] } }]) {
      expect(copied(value)).toEqual(value)
    }
  })

  it('turns -0 into 0 at the root and inside containers', () => {
    expect(Object.is(copied(-0), 0)).toBe(true)
    const inner = copied({ a: [-0] }) as { a: number[] }
    expect(Object.is(inner.a[0], 0)).toBe(true)
  })

  it('returns a detached deep copy', () => {
    const source = { list: [{ n: 1 }], nested: { s: 'x' } }
    const copy = copied(source) as typeof source
    expect(copy).toEqual(source)
    expect(copy).not.toBe(source)
    expect(copy.list).not.toBe(source.list)
    expect(copy.list[0]).not.toBe(source.list[0])
    source.list[0]!.n = 2
    expect(copy.list[0]!.n).toBe(1)
  })

  it('keeps shared (non-cyclic) references as two copies', () => {
    const shared = { v: 1 }
    expect(copied({ a: shared, b: [shared] })).toEqual({ a: { v: 1 }, b: [{ v: 1 }] })
  })

  it('keeps __proto__ and constructor as ordinary own members', () => {
    const source = JSON.parse('{"__proto__":{"x":1},"constructor":"c"}') as object
    const copy = copied(source) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor'])
    expect(copy.constructor).toBe('c')
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"x":1},"constructor":"c"}')
  })

  it('accepts null-prototype and cross-realm plain objects', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 })
    expect(copied(bare)).toEqual({ a: 1 })
    expect(copied(runInNewContext('({ a: [1, { b: 2 }] })'))).toEqual({ a: [1, { b: 2 }] })
  })

  it.each([
    [Number.NaN, '$: NaN is not JSON'],
    [Number.POSITIVE_INFINITY, '$: Infinity is not JSON'],
    [{ a: [0, 0, 0, 1n] }, '$.a[3]: BigInt is not JSON'],
    [{ f: () => 1 }, '$.f: a function is not JSON'],
    [[Symbol('s')], '$[0]: a symbol is not JSON'],
    [{ u: undefined }, '$.u: undefined is not JSON'],
    [undefined, '$: undefined is not JSON'],
    [{ 'my-key': { d: new Date(0) } }, '$["my-key"].d: Date is not a plain object'],
    [{ m: new Map() }, '$.m: Map is not a plain object'],
    [{ n: Number.NEGATIVE_INFINITY }, '$.n: -Infinity is not JSON'],
  ])('refuses a non-JSON value with its path (case %#)', (value, reason) => {
    expect(refused(value)).toBe(reason)
  })

  it('refuses symbol keys, class instances and boxed primitives', () => {
    expect(refused({ [Symbol('k')]: 1 })).toBe('$: symbol key Symbol(k) is not JSON')
    class Point {
      x = 1
    }
    expect(refused({ p: new Point() })).toBe('$.p: Point instance is not a plain object')
    expect(refused([new String('s')])).toBe('$[0]: String is not a plain object')
  })

  it('refuses sparse holes and extra array properties', () => {
    // oxlint-disable-next-line no-sparse-arrays
    expect(refused({ a: [1, , 3] })).toBe('$.a: array has holes or extra properties')
    expect(refused(Object.assign([1], { extra: 2 }))).toBe('$: array has holes or extra properties')
  })

  it('refuses cycles and names where they point', () => {
    const root: Record<string, unknown> = { inner: { list: [] as unknown[] } }
    ;(root.inner as { list: unknown[] }).list.push(root)
    expect(refused(root)).toBe('$.inner.list[0]: cycle (refers back to $)')
    const a: unknown[] = []
    a.push({ again: a })
    expect(refused({ a })).toBe('$.a[0].again: cycle (refers back to $.a)')
  })

  it('contains a throwing getter and a throwing proxy trap', () => {
    const getter = {
      ok: 1,
      get bad(): never {
        throw new Error('boom')
      },
    }
    expect(refused({ g: getter })).toBe('$.g.bad: reading it threw: boom')
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys')
        },
      },
    )
    expect(refused({ p: trap })).toBe('$.p: reading it threw: no keys')
    const { proxy, revoke } = Proxy.revocable([], {})
    revoke()
    expect(refused([proxy])).toMatch(/^\$\[0\]: reading it threw: /)
  })

  it('copies a well-behaved proxy of a plain object', () => {
    expect(copied(new Proxy({ a: 1 }, {}))).toEqual({ a: 1 })
  })

  it('handles 100,000-deep arrays without recursion', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const copy = copied(deep)
    let depth = 0
    let cursor = copy
    while (Array.isArray(cursor)) {
      cursor = cursor[0]
      depth++
    }
    expect(depth).toBe(100_000)
    expect(cursor).toBe('leaf')
    let bad: unknown = 1n
    for (let i = 0; i < 100_000; i++) bad = [bad]
    expect(refused(bad)).toMatch(/^\$(\[0\]){100000}: BigInt is not JSON$/)
  })

  it('round-trips every JSON value like JSON.parse(JSON.stringify(v)), modulo -0', () => {
    assert(
      property(jsonValue(), (value) => {
        expect(toLosslessJson(value)).toStrictEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) })
      }),
      { numRuns: 200 },
    )
  })
})
