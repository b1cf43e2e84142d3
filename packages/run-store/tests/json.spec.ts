// What the store refuses to record names the field and the path inside it (NOT_JSON).
import { expect, it } from 'vitest'
import { overCap, toJsonText } from '../src/json.ts'

it('names the path of the first value that is not JSON', () => {
  expect(() => toJsonText({ a: [1, { b: Number.NaN }] }, 'outcome.result')).toThrow(
    'outcome.result must be JSON: $.a[1].b is NaN',
  )
  const holed = [0]
  holed[2] = 2
  expect(() => toJsonText(holed, 'call.args')).toThrow('call.args must be JSON: $[1] is a hole')
  const cycle: Record<string, unknown> = { x: [] }
  ;(cycle.x as unknown[]).push(cycle)
  expect(() => toJsonText(cycle, 'call.args')).toThrow('call.args must be JSON: $.x[0] is a cycle')
  expect(() => toJsonText(new Date(0), 'call.args')).toThrow('call.args must be JSON: $ is a non-plain object')
})

it('gives the JSON text of a value seen twice without a cycle', () => {
  const shared = { n: 1 }
  expect(toJsonText({ a: shared, b: [shared] }, 'call.args')).toBe('{"a":{"n":1},"b":[{"n":1}]}')
})

it('counts a value against the cap in UTF-8 bytes, not in characters', () => {
  const text = JSON.stringify('é'.repeat(5))
  expect(text).toHaveLength(7)
  // why: 12 bytes (two a character, and the quotes): over 11, not over 12.
  expect(overCap(text, 11)).toBe(true)
  expect(overCap(text, 12)).toBe(false)
  expect(overCap(JSON.stringify('ab'.repeat(3)), 7)).toBe(true)
  expect(overCap(JSON.stringify('ab'.repeat(3)), 8)).toBe(false)
})
