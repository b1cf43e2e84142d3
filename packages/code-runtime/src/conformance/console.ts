import { expect } from 'vitest'
import { expectFailure, expectHealthy, expectValue, run, utf8Bytes } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

const line = (i: number): string => `line ${i} ${'x'.repeat(50)}`

/** Console capture and the output cap (rules RT-20 and RT-21 in docs/runtime-contract.md). */
export function defineConsoleCases(h: ConformanceHarness): void {
  h.test('console/capture-order', async () => {
    const program = [
      "console.log('log', 1, true)",
      "console.info('info')",
      "console.warn('warn')",
      "console.error('error')",
      "console.debug('debug')",
      "console.log('é€😀 verbatim  spaces')",
      'return 0',
    ].join('\n')
    const result = await run(h.runtime(), program)
    expectValue(result, 0)
    expect(result.logs).toEqual(['log 1 true', 'info', 'warn', 'error', 'debug', 'é€😀 verbatim  spaces'])
  })

  h.test('console/object-rendering', async () => {
    const program = [
      "console.log({ answer: 42, list: [1, 2], nested: { deep: 'yes' } })",
      'const self: any = { name: "loop" }; self.self = self; console.log(self)',
      'let deep: any = {}; for (let i = 0; i < 200; i++) deep = { deep }; console.log(deep)',
      'console.log(Array.from({ length: 10000 }, (_, i) => i))',
      "console.log('x'.repeat(50000).length)",
      'console.log(null, undefined, 10n, Symbol("s"), () => 1)',
    ].join('\n')
    const result = await run(h.runtime(), program)
    expectValue(result, undefined)
    expect(result.logs).toHaveLength(6)
    const [object, cyclic, deep, long, count, mixed] = result.logs as [string, string, string, string, string, string]
    expect(object).toMatch(/answer/)
    expect(object).toMatch(/42/)
    expect(object).toMatch(/deep/)
    expect(object).not.toContain('[object Object]')
    expect(cyclic).toMatch(/loop/)
    expect(deep.length).toBeLessThan(2000)
    expect(long.length).toBeLessThan(10_000)
    expect(count).toBe('50000')
    expect(mixed).toMatch(/^null undefined 10n? /)
  })

  h.test('console/kept-on-exception', async () => {
    const result = await run(
      h.runtime(),
      "console.log('before'); console.error('still before'); throw new Error('late')",
    )
    expectFailure(result, 'exception')
    expect(result.logs).toEqual(['before', 'still before'])
  })

  h.test('output/limit-keeps-fitting-logs', async () => {
    const program = `for (let i = 0; i < 200; i++) console.log('line ' + i + ' ' + 'x'.repeat(50))\nreturn 1`
    const result = await run(h.runtime(), program)
    expectFailure(result, 'output-limit')
    expect(result.logs.length).toBeGreaterThan(0)
    expect(result.logs.length).toBeLessThan(200)
    expect(utf8Bytes(JSON.stringify(result.logs))).toBeLessThanOrEqual(h.budgets.outputBytes)
    result.logs.forEach((entry, i) => {
      if (i < result.logs.length - 1) expect(entry).toBe(line(i))
      else expect(line(i).startsWith(entry)).toBe(true)
    })
    await expectHealthy(h.runtime())
  })

  h.test('output/exact-boundary', async () => {
    const cap = h.budgets.outputBytes
    // why: logs [] is 2 bytes, a string value adds its 2 quotes; '€' is 3 UTF-8 bytes.
    const fits = await run(h.runtime(), `return '€' + 'x'.repeat(${cap - 7})`)
    expectValue(fits, `€${'x'.repeat(cap - 7)}`)
    expectFailure(await run(h.runtime(), `return '€' + 'x'.repeat(${cap - 6})`), 'output-limit')
    // why: logs ["abc"] is 7 bytes.
    const withLog = await run(h.runtime(), `console.log('abc'); return 'x'.repeat(${cap - 9})`)
    expectValue(withLog, 'x'.repeat(cap - 9))
    expectFailure(await run(h.runtime(), `console.log('abc'); return 'x'.repeat(${cap - 8})`), 'output-limit')
  })

  h.test('output/limit-on-value', async () => {
    const result = await run(h.runtime(), `console.log('small'); return { big: 'y'.repeat(${h.budgets.outputBytes}) }`)
    expectFailure(result, 'output-limit')
    expect(result.logs).toEqual(['small'])
    await expectHealthy(h.runtime())
  })
}
