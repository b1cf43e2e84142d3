// Counts in the CLI's messages agree with their noun: "1 tool", "0 tools", "2 programs".
import { describe, expect, it } from 'vitest'
import { counted } from '../src/counted.ts'

describe('counted', () => {
  it.each([
    [0, 'tool', undefined, '0 tools'],
    [1, 'tool', undefined, '1 tool'],
    [2, 'program', undefined, '2 programs'],
    [1, 'child', 'children', '1 child'],
    [3, 'child', 'children', '3 children'],
  ])('%i %s', (count, one, many, text) => {
    expect(counted(count, one, many)).toBe(text)
  })
})
