import { expect } from 'vitest'
import type { CodeBinding, CodeCallSite, CodeRunEvent, CodeRunResult, JsonValue, RunJournal } from '../types.ts'
import { expectFailure, expectValue, namespace, sleep } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

// why: the clock must move between readings, so a replay that reads it live again cannot match.
const tick: CodeBinding = async () => {
  await sleep(3)
  return null
}

/** The result's journal, failing the case when the result has none. */
function journalOf(result: CodeRunResult): RunJournal {
  expect(result.journal).toEqual({ clock: expect.any(Array), random: expect.any(Array), timers: expect.any(Array) })
  return result.journal as RunJournal
}

// why: line 5 holds the 64 pairs, line 7 the no-argument Date forms; every reading is returned.
const PAIRS_PROGRAM = [
  'const pairs: [number, number][] = []',
  'for (let i = 0; i < 64; i++) {',
  '  if (i % 16 === 0) await tools.tick({})',
  '  const at: number = Date.now()',
  '  pairs.push([at, Math.random()])',
  '}',
  'const later = [new Date().getTime(), Date(), new Date(5).getTime(), new Date() instanceof Date]',
  'return { pairs, later }',
].join('\n')

/** The determinism journal and call sites (rules RT-49 to RT-52 in docs/runtime-contract.md). */
export function defineJournalCases(h: ConformanceHarness): void {
  h.test('journal/replay-clock-random', async () => {
    const runtime = h.runtime()
    const bindings = [namespace('tools', { tick })]
    const recorded = await runtime.run({ program: PAIRS_PROGRAM, bindings, journal: {} })
    expect(recorded.error).toBeUndefined()
    const journal = journalOf(recorded)
    const value = recorded.value as { pairs: [number, number][]; later: [number, string, number, boolean] }
    // why: the journal holds exactly what the program observed, in order.
    expect(journal.clock).toEqual([
      ...value.pairs.map(([at]) => at),
      value.later[0],
      expect.any(Number),
      expect.any(Number),
    ])
    expect(journal.random).toEqual(value.pairs.map(([, random]) => random))
    expect(value.later.slice(2)).toEqual([5, true])
    expect(new Set(journal.random).size).toBe(64)

    const replayed = await runtime.run({ program: PAIRS_PROGRAM, bindings, journal })
    expectValue(replayed, recorded.value as JsonValue)
    expect(replayed.journal).toEqual(journal)
  })

  h.test('journal/shorter-continues-live', async () => {
    const program = 'return [Date.now(), Date.now(), Math.random(), Math.random(), Math.random()]'
    const given = { clock: [1_000], random: [0.25, 0.5] }
    const before = Date.now()
    const result = await h.runtime().run({ program, bindings: [], journal: given })
    expect(result.error).toBeUndefined()
    const [recordedClock, liveClock, first, second, live] = result.value as number[]
    expect([recordedClock, first, second]).toEqual([1_000, 0.25, 0.5])
    expect(liveClock).toBeGreaterThanOrEqual(before)
    expect(live).toBeGreaterThanOrEqual(0)
    expect(live).toBeLessThan(1)
    // why: recording goes on past the recorded values, so the next replay holds these too.
    expect(result.journal).toEqual({ clock: [1_000, liveClock], random: [0.25, 0.5, live], timers: [] })
  })

  h.test(
    'journal/timers-fire-at-once',
    async () => {
      const program = [
        'const order: string[] = []',
        'await new Promise<void>((resolve) => {',
        "  setTimeout(() => { order.push('slow'); resolve() }, 3000)",
        "  setTimeout(() => order.push('fast'), 50)",
        '})',
        'return order',
      ].join('\n')
      const recorder = await h.fresh({ wallMs: 10_000 })
      const recorded = await recorder.runtime.run({ program, bindings: [], journal: {} })
      expectValue(recorded, ['fast', 'slow'])
      const journal = journalOf(recorded)
      expect(journal.timers).toEqual([2, 1])
      await recorder.dispose()
      // why: a wall budget under the 3 s delay: the replay ends in time only if the timer that
      // fired fires at once, whatever the machine's speed; the recorded order is kept.
      const replayer = await h.fresh({ wallMs: 2_000 })
      const replayed = await replayer.runtime.run({ program, bindings: [], journal })
      expectValue(replayed, ['fast', 'slow'])
      expect(replayed.journal?.timers).toEqual([2, 1])
      // why: without a journal the same runtime keeps the real delay, so the budget ends it.
      expectFailure(await replayer.runtime.run({ program, bindings: [] }), 'timeout')
    },
    30_000,
  )

  h.test('journal/call-sites', async () => {
    const sites: CodeCallSite[] = []
    const events: CodeRunEvent[] = []
    const site: CodeBinding = (args, where) => {
      if (where !== undefined) sites.push(where)
      return Promise.resolve(args as JsonValue)
    }
    const program = [
      'const [a, b] = await Promise.all([',
      '  tools.site({ n: 1 }),',
      '      tools.site({ n: 2 }),',
      '])',
      'const c: { n: number } = await tools.site({ n: 3 })',
      'return [a, b, c]',
    ].join('\n')
    const result = await h.runtime().run({
      program,
      bindings: [namespace('tools', { site })],
      journal: {},
      onEvent: (event) => void events.push(event),
    })
    expectValue(result, [{ n: 1 }, { n: 2 }, { n: 3 }])
    // why: the column is the called member's, as in error positions (RT-52).
    const expected = [
      { call: 1, line: 2, column: 9 },
      { call: 2, line: 3, column: 13 },
      { call: 3, line: 5, column: 38 },
    ]
    expect(sites).toEqual(expected)
    expect(events.filter((event) => event.type === 'call-started')).toEqual(
      expected.map((where) => ({ type: 'call-started', global: 'tools', member: 'site', ...where })),
    )
  })

  h.test('journal/returned-on-abort', async () => {
    const controller = new AbortController()
    const stop: CodeBinding = () => {
      controller.abort(new Error('paused by the host'))
      return new Promise<JsonValue>(() => {})
    }
    // why: the last readings come in the same turn as the call whose binding aborts the run.
    const program = [
      'setTimeout(() => console.log(JSON.stringify([Date.now()])), 0)',
      'await new Promise((resolve) => setTimeout(resolve, 20))',
      'const at = Date.now()',
      'const r = Math.random()',
      'console.log(JSON.stringify([at, r]))',
      'await tools.stop({ at })',
      'return 1',
    ].join('\n')
    const result = await h.runtime().run({
      program,
      bindings: [namespace('tools', { stop })],
      signal: controller.signal,
      journal: {},
    })
    expectFailure(result, 'abort')
    expect(result.logs).toHaveLength(2)
    const [earlier, last] = result.logs.map((line) => JSON.parse(line) as number[])
    expect(result.journal).toEqual({ clock: [earlier?.[0], last?.[0]], random: [last?.[1]], timers: [1, 2] })
  })

  h.test('journal/absent', async () => {
    let argumentCount = -1
    const count: CodeBinding = (...args: unknown[]) => {
      argumentCount = args.length
      return Promise.resolve(null)
    }
    const result = await h.runtime().run({
      program: 'await tools.count({})\nreturn [typeof Date.now(), typeof Math.random()]',
      bindings: [namespace('tools', { count: count as CodeBinding })],
    })
    expectValue(result, ['number', 'number'])
    // why: without a journal nothing is recorded and bindings are called as before (rule RT-49).
    expect('journal' in result).toBe(false)
    expect(argumentCount).toBe(1)
    await expect(
      h.runtime().run({ program: 'return 1', bindings: [], journal: { clock: ['soon'] } as never }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/journal\.clock/) })
  })
}
