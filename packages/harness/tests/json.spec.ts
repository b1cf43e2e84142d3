import { describe, expect, it } from 'vitest'
import { copyJson, jsonProblem } from '@isocode/harness'
import type { JsonObject } from '@isocode/harness'

describe('jsonProblem', () => {
  it('accepts plain JSON data, including shared subtrees and deep nesting', () => {
    const shared = { type: 'string' }
    expect(jsonProblem({ a: [1, 'x', true, null, { b: shared }], c: shared })).toBeUndefined()
    let deep: unknown = {}
    for (let i = 0; i < 5000; i++) deep = { child: deep }
    expect(jsonProblem(deep)).toBeUndefined()
  })

  it('names the path of the first problem', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('nope')
      },
    })
    expect(jsonProblem({ a: [1, Number.NaN] })).toBe('$.a[1]: NaN is not JSON')
    expect(jsonProblem({ a: 1n })).toBe('$.a: bigint is not JSON')
    expect(jsonProblem({ a: undefined })).toBe('$.a: undefined is not JSON')
    expect(jsonProblem(cyclic)).toBe('$.self: cycle')
    expect(jsonProblem({ d: new Date(0) })).toBe('$.d: not a plain object')
    // why: a sparse array built without a literal hole (lint forbids those).
    const sparse = [1, 2, 3]
    delete sparse[1]
    expect(jsonProblem(sparse)).toBe('$: array has holes or extra properties')
    expect(jsonProblem({ [Symbol('s')]: 1 })).toBe('$: symbol keys are not JSON')
    expect(jsonProblem(getter)).toMatch(/threw: nope/)
  })
})

describe('copyJson', () => {
  it('makes a detached deep copy at any depth, keeping "__proto__" as an own key', () => {
    const source = JSON.parse('{"a":[1,{"b":null}],"__proto__":{"x":1}}') as JsonObject
    const copy = copyJson(source)
    expect(copy).toEqual(source)
    expect(Object.hasOwn(copy, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    ;((copy.a as JsonObject[])[1] as JsonObject).b = 2
    expect(((source.a as JsonObject[])[1] as JsonObject).b).toBeNull()
    let deep: JsonObject = { leaf: true }
    for (let i = 0; i < 10000; i++) deep = { child: deep }
    let node = copyJson(deep)
    let depth = 0
    for (; node.child !== undefined; depth++) node = node.child as JsonObject
    expect([depth, node]).toEqual([10000, { leaf: true }])
  })
})
