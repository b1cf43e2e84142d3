import { checkJournal, JOURNAL_LIMIT } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'

describe('checkJournal (RT-49)', () => {
  it('fills absent lists and copies the given ones', () => {
    const clock = [1, 2]
    const checked = checkJournal({ clock })
    expect(checked).toEqual({ clock: [1, 2], random: [], timers: [] })
    clock.push(3)
    expect(checked.clock).toEqual([1, 2])
  })

  it.each([
    [null, /request\.journal must be an object/],
    [[], /request\.journal must be an object/],
    [{ clocks: [] }, /request\.journal\.clocks is not a journal field/],
    [{ clock: [Number.NaN] }, /request\.journal\.clock must be an array of finite numbers/],
    [{ random: [1] }, /request\.journal\.random must be an array of numbers in \[0, 1\)/],
    [{ timers: [0] }, /request\.journal\.timers must be an array of whole numbers >= 1/],
    [{ clock: 'now' }, /request\.journal\.clock must be an array/],
  ])('refuses %j with INVALID_REQUEST naming the field', (journal, message) => {
    expect(() => checkJournal(journal)).toThrow(
      expect.objectContaining({ code: 'INVALID_REQUEST', message: expect.stringMatching(message) }),
    )
  })

  it('refuses a journal over the limit', () => {
    expect(() => checkJournal({ clock: Array.from({ length: JOURNAL_LIMIT + 1 }, () => 0) })).toThrow(/over the limit/)
  })
})
