// showValue: what a message prints for a value someone passed, so a string never looks like a number.
import { describe, expect, it } from 'vitest'
import { showValue } from '../src/show-value.ts'

describe('showValue', () => {
  it.each([
    ['5', '"5"'],
    [5, '5'],
    [null, 'null'],
    [true, 'true'],
    [undefined, 'undefined'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [5n, '5n'],
    [{ code: 'E_DOWN', retry: false }, '{"code":"E_DOWN","retry":false}'],
    [[1, '2'], '[1,"2"]'],
    [() => 1, 'a function'],
  ])('shows %o as %s', (value, shown) => {
    expect(showValue(value)).toBe(shown)
  })

  it('cuts long JSON and names what JSON cannot encode', () => {
    expect(showValue('x'.repeat(100))).toBe(`"${'x'.repeat(58)}…`)
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(showValue(cycle)).toBe('an object')
  })
})
