import { expectFailure, expectHealthy, expectValue, run } from './assert.ts'
import type { ConformanceHarness } from './types.ts'
import { expect } from 'vitest'

/** Completion values: every JSON root, -0, no value, and refusals of non-JSON completions. */
export function defineValueCases(h: ConformanceHarness): void {
  h.test('seam/descriptors', async () => {
    const runtime = h.runtime()
    expect(runtime.language).toBe('typescript')
    expect(typeof runtime.isolation).toBe('string')
    expect(runtime.isolation.length).toBeGreaterThan(0)
  })

  h.test('values/json-roots', async () => {
    const runtime = h.runtime()
    const roots: Array<[string, unknown]> = [
      ['null', null],
      ['true', true],
      ['false', false],
      ['0', 0],
      ['-12.5', -12.5],
      ['1e21', 1e21],
      ['"é€😀\\n\\u0000"', 'é€😀\n\u0000'],
      ['""', ''],
      ['[]', []],
      ['{}', {}],
      ['[1, "a", null, [true], { b: {} }]', [1, 'a', null, [true], { b: {} }]],
      ['{ a: { b: [1, 2] }, "k-y": "v", __proto__: null }', { a: { b: [1, 2] }, 'k-y': 'v' }],
    ]
    for (const [source, value] of roots) {
      expectValue(await run(runtime, `return ${source}`), value as never)
    }
    const proto = await run(runtime, 'return JSON.parse(\'{"__proto__": 1, "constructor": 2}\')')
    expectValue(proto, JSON.parse('{"__proto__": 1, "constructor": 2}') as never)
  })

  h.test('values/negative-zero', async () => {
    const result = await run(h.runtime(), 'return [-0, { z: -0 }]')
    expectValue(result, [0, { z: 0 }])
    const [zero, inner] = result.value as [number, { z: number }]
    expect(Object.is(zero, 0)).toBe(true)
    expect(Object.is(inner.z, 0)).toBe(true)
    expect(Object.is((await run(h.runtime(), 'return -0')).value, 0)).toBe(true)
  })

  h.test('values/no-return', async () => {
    const result = await run(h.runtime(), 'const x = 1')
    expectValue(result, undefined)
    expect(result.logs).toEqual([])
    expectValue(await run(h.runtime(), 'return undefined'), undefined)
  })

  h.test('values/invalid-output', async () => {
    const runtime = h.runtime()
    const invalid = [
      'return NaN',
      'return Infinity',
      'return { n: -Infinity }',
      'return 10n',
      'return { a: undefined }',
      'return [() => 1]',
      'const a: unknown[] = []; a.push(a); return a',
      'return new Date(0)',
      'return new Map([[1, 2]])',
      'class P { x = 1 }; return new P()',
      'const a = [1]; a[3] = 4; return a',
      'return Symbol("s")',
      'return { [Symbol("k")]: 1 }',
    ]
    for (const program of invalid) {
      const result = await run(runtime, `console.log("kept"); ${program}`)
      expect(result.error?.kind, `${program} → ${JSON.stringify(result)}`).toBe('invalid-output')
      expect(result.value).toBeUndefined()
      expect(result.logs).toEqual(['kept'])
    }
    expectFailure(await run(runtime, 'return { d: new Date(0) }'), 'invalid-output')
    await expectHealthy(runtime)
  })
}
