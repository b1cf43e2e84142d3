// The check's corpora through the public checker: no program of the correct corpus is blocked,
// and at least 95% of the broken corpus is blocked for the error it holds, at its line.
import { describe, expect, it } from 'vitest'
import { brokenCorpus } from '../lib/check-corpus/broken.ts'
import { correctCorpus } from '../lib/check-corpus/correct.ts'
import { measureCorpora } from '../lib/check-corpus/measure.ts'

describe('the check corpora', () => {
  it('are as large as the measurement promises: ≥ 300 correct programs, ≥ 100 broken ones of every class', async () => {
    const correct = await correctCorpus()
    const broken = brokenCorpus()
    expect(correct.length).toBeGreaterThanOrEqual(300)
    expect(correct.filter((p) => p.id.startsWith('eval/')).length).toBeGreaterThan(10)
    expect(broken.length).toBeGreaterThanOrEqual(100)
    expect(new Set(broken.map((p) => p.expected))).toEqual(
      new Set(['syntax', 'unknown-member', 'missing-argument', 'unknown-property']),
    )
  })

  it(
    '0 false blocks over the correct corpus, ≥ 95% of the broken corpus caught, nothing unchecked',
    { timeout: 900_000 },
    async () => {
      const counts = await measureCorpora()
      expect(counts.blocked).toEqual([])
      expect(counts.falseBlocks).toBe(0)
      expect(counts.unchecked).toBe(0)
      expect(counts.caughtShare).toBeGreaterThanOrEqual(0.95)
    },
  )
})
