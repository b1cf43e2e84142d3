import { fileDiffs, textHunks, wholeFileDiff, type TextHunk } from '@isocode/registry/presentation'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const split = (s: string): string[] => s.match(/[^\n]*\n|[^\n]+$/g) ?? []

const lines = (n: number, at: (i: number) => string = (i) => `line ${i}`) =>
  Array.from({ length: n }, (_, i) => `${at(i + 1)}\n`).join('')

describe('textHunks', () => {
  it.each<[string, string, string, number, Array<Partial<TextHunk>>]>([
    ['equal texts', 'a\n', 'a\n', 3, []],
    [
      'one changed line with 1 line of context',
      'a\nb\nc\nd\n',
      'a\nb\nX\nd\n',
      1,
      [{ oldStart: 2, newStart: 2, oldText: 'b\nc\nd\n', newText: 'b\nX\nd\n' }],
    ],
    [
      'zero context',
      'a\nb\nc\n',
      'a\nX\nc\n',
      0,
      [{ oldStart: 2, oldLines: 1, newLines: 1, oldText: 'b\n', newText: 'X\n' }],
    ],
    ['pure insertion', 'a\nb\n', 'a\nX\nb\n', 0, [{ oldText: '', newText: 'X\n', oldLines: 0, newLines: 1 }]],
    ['pure deletion', 'a\nX\nb\n', 'a\nb\n', 0, [{ oldText: 'X\n', newText: '' }]],
    ['missing final newline is kept exact', 'a\nb', 'a\nc', 3, [{ oldText: 'a\nb', newText: 'a\nc' }]],
    ['adding a final newline', 'a\nb', 'a\nb\n', 3, [{ oldText: 'a\nb', newText: 'a\nb\n' }]],
    ['CRLF lines stay CRLF', 'a\r\nb\r\n', 'a\r\nc\r\n', 3, [{ oldText: 'a\r\nb\r\n', newText: 'a\r\nc\r\n' }]],
    ['create from empty', '', 'x\ny\n', 3, [{ oldText: '', newText: 'x\ny\n' }]],
  ])('%s', (_name, before, after, context, expected) => {
    const hunks = textHunks(before, after, { context })
    expect(hunks).toHaveLength(expected.length)
    expected.forEach((partial, i) => expect(hunks?.[i]).toMatchObject(partial))
  })

  it('splits distant changes into separate hunks with context', () => {
    const before = lines(20)
    const after = before.replace('line 3\n', 'LINE 3\n').replace('line 17\n', 'LINE 17\n')
    expect(textHunks(before, after, { context: 2 })).toEqual([
      {
        oldStart: 1,
        oldLines: 5,
        newStart: 1,
        newLines: 5,
        oldText: lines(5),
        newText: lines(5).replace('line 3', 'LINE 3'),
      },
      {
        oldStart: 15,
        oldLines: 5,
        newStart: 15,
        newLines: 5,
        oldText: 'line 15\nline 16\nline 17\nline 18\nline 19\n',
        newText: 'line 15\nline 16\nLINE 17\nline 18\nline 19\n',
      },
    ])
  })

  it('gives up past maxEditLength', () => {
    expect(
      textHunks(
        lines(50),
        lines(50, (i) => `other ${i}`),
        { maxEditLength: 10 },
      ),
    ).toBeUndefined()
  })

  it('rejects bad options with a message naming the field', () => {
    expect(() => textHunks('a', 'b', { context: -1 })).toThrow(
      'FileDiffOptions.context must be a non-negative integer (got -1)',
    )
    expect(() => textHunks('a', 'b', { maxEditLength: 1.5 })).toThrow(
      'FileDiffOptions.maxEditLength must be a non-negative integer',
    )
  })

  it('property: each hunk is the exact slice of before/after at its lines, and splicing them rebuilds after', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', '', 'a\r'), { maxLength: 30 })
      .chain((ls) =>
        fc.boolean().map((endsWithNewline) => ls.join('\n') + (endsWithNewline && ls.length > 0 ? '\n' : '')),
      )
    fc.assert(
      fc.property(text, text, fc.nat(4), (before, after, context) => {
        const hunks = textHunks(before, after, { context }) ?? []
        const oldLines = split(before)
        const newLines = split(after)
        let rebuilt: string[] = []
        let cursor = 0
        for (const hunk of hunks) {
          // why: start lines are 1-based, also for an empty side (the line the insertion precedes).
          const from = hunk.oldStart - 1
          expect(oldLines.slice(from, from + hunk.oldLines).join('')).toBe(hunk.oldText)
          const newFrom = hunk.newStart - 1
          expect(newLines.slice(newFrom, newFrom + hunk.newLines).join('')).toBe(hunk.newText)
          rebuilt = rebuilt.concat(oldLines.slice(cursor, from), split(hunk.newText))
          cursor = from + hunk.oldLines
        }
        rebuilt = rebuilt.concat(oldLines.slice(cursor))
        expect(rebuilt.join('')).toBe(after)
      }),
      { numRuns: 300 },
    )
  })
})

describe('fileDiffs', () => {
  it('a create is one whole-file diff with oldText null', () => {
    expect(fileDiffs('/a.ts', null, 'x\n')).toEqual([{ path: '/a.ts', oldText: null, newText: 'x\n' }])
  })

  it('an edit is the applied hunks with context', () => {
    expect(fileDiffs('/a.ts', 'a\nb\nc\n', 'a\nB\nc\n', { context: 1 })).toEqual([
      { path: '/a.ts', oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n' },
    ])
  })

  it('no change is no diff', () => {
    expect(fileDiffs('/a.ts', 'same', 'same')).toEqual([])
  })

  it('falls back to a whole-file diff when the change is too large to cut', () => {
    expect(fileDiffs('/a.ts', 'a\nb\n', 'c\nd\n', { maxEditLength: 1 })).toEqual([
      wholeFileDiff('/a.ts', 'a\nb\n', 'c\nd\n'),
    ])
  })
})
