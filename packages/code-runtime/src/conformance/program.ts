import { expect } from 'vitest'
import { expectFailure, expectHealthy, expectValue, namespace, recorder, run } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

const lines = (...source: string[]): string => source.join('\n')

/** The program itself: positions in errors, TypeScript stripping, top-level await/return, fresh state. */
export function defineProgramCases(h: ConformanceHarness): void {
  h.test('program/exception-position', async () => {
    const program = lines('const a: number = 1', 'const b = (a as number) + 1', "  throw new Error('boom ' + b)")
    const message = expectFailure(await run(h.runtime(), program), 'exception')
    expect(message).toContain('boom 2')
    expect(message).toMatch(/\b3:9\b/)
    const nested = lines(
      'function fail<T>(why: T): never {',
      '  throw new TypeError(String(why))',
      '}',
      'fail<string>("deep")',
    )
    const deep = expectFailure(await run(h.runtime(), nested), 'exception')
    expect(deep).toContain('deep')
    expect(deep).toMatch(/\b2:9\b/)
    await expectHealthy(h.runtime())
  })

  h.test('program/throw-non-error', async () => {
    expect(expectFailure(await run(h.runtime(), "throw 'plain string'"), 'exception')).toContain('plain string')
    expect(expectFailure(await run(h.runtime(), 'throw 42'), 'exception')).toContain('42')
    expect(expectFailure(await run(h.runtime(), 'throw null'), 'exception').length).toBeGreaterThan(0)
    await expectHealthy(h.runtime())
  })

  h.test('program/syntax-error-position', async () => {
    const message = expectFailure(
      await run(h.runtime(), lines('const ok = 1', 'const bad = ;', 'return ok')),
      'exception',
    )
    expect(message).toMatch(/SyntaxError/)
    expect(message).toMatch(/\b2:\d+\b/)
    await expectHealthy(h.runtime())
  })

  h.test('program/erasable-typescript', async () => {
    const program = lines(
      'interface Point { x: number; y: number }',
      'type Pair<T> = [T, T]',
      'declare const ambient: number',
      'function swap<T>(p: Pair<T>): Pair<T> { return [p[1], p[0]] }',
      'const pt = { x: 1, y: 2 } as Point',
      'const checked = pt satisfies Point',
      'let later!: number',
      'later = 3',
      'const id = <T,>(value: T): T => value',
      'class Box<T> { private readonly inner: T; constructor(inner: T) { this.inner = inner } get(): T { return this.inner } }',
      'const maybe: Point | undefined = pt',
      'return { swapped: swap<number>([1, 2]), x: checked.x, later, id: id<string>("s"), box: new Box<boolean>(true).get(), y: maybe!.y }',
    )
    expectValue(await run(h.runtime(), program), { swapped: [2, 1], x: 1, later: 3, id: 's', box: true, y: 2 })
  })

  h.test('program/non-erasable-typescript', async () => {
    const probe = recorder()
    const program = lines('await tools.probe({})', 'enum Color { Red }', 'return Color.Red')
    const message = expectFailure(
      await run(h.runtime(), program, [namespace('tools', { probe: probe.binding })]),
      'exception',
    )
    expect(message).toMatch(/enum/i)
    expect(message).toMatch(/\b2:1\b/)
    expect(probe.calls).toEqual([])
    await expectHealthy(h.runtime())
  })

  h.test('program/top-level-await-return', async () => {
    const program = lines(
      'let total = 0',
      'for (const n of [1, 2, 3]) total += await Promise.resolve(n)',
      'if (total === 6) return { total }',
      'return null',
    )
    expectValue(await run(h.runtime(), program), { total: 6 })
  })

  h.test('program/fresh-globals', async () => {
    const runtime = h.runtime()
    const leak =
      '(globalThis as any).leaked = 1; (Object.prototype as any).polluted = 1; Array.prototype.push = () => 0; return 1'
    expectValue(await run(runtime, leak), 1)
    const probe =
      'const a: number[] = []; a.push(1); return [typeof (globalThis as any).leaked, typeof ({} as any).polluted, a.length]'
    expectValue(await run(runtime, probe), ['undefined', 'undefined', 1])
  })
}
