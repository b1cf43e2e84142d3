import { JOURNAL_LIMIT } from '@isocode/code-runtime'
import { expect, it } from 'vitest'
import { boot } from '../helpers.ts'

// why: rule RT-49 — the host keeps a journaled run's values, so a program that reads the clock
// without end must not fill the host: past JOURNAL_LIMIT the run ends as output-limit, and the
// journal it returns holds no more than the limit.
it('a journaled run that reads the clock more than JOURNAL_LIMIT times ends as output-limit', async () => {
  const { runtime, dispose } = await boot({ cpuMs: 20_000, wallMs: 30_000, memoryMb: 128 })
  try {
    const program = `for (let i = 0; i < ${JOURNAL_LIMIT + 1}; i++) Date.now()\nawait null\nreturn 1`
    const result = await runtime.run({ program, bindings: [], journal: {} })
    expect(result.error).toEqual({ kind: 'output-limit', message: expect.stringMatching(/clock/) })
    expect(result.journal?.clock.length ?? 0).toBeLessThanOrEqual(JOURNAL_LIMIT)
    expect((await runtime.run({ program: 'return 2', bindings: [] })).value).toBe(2)
  } finally {
    await dispose()
  }
}, 60_000)
