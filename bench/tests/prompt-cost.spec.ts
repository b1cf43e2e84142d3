// The prompt-cost suite's measuring code on small sets: every row is priced or says why not, a
// peer that cannot load becomes an "unavailable" row, and the numbers mean what they claim.
import { describe, expect, it } from 'vitest'
import type { PromptForm } from '../lib/prompt-cost/form.ts'
import { PROMPT_FORMS } from '../lib/prompt-cost/forms.ts'
import { measurePromptCost, tokensOf } from '../lib/prompt-cost/measure.ts'
import { promptMetrics, promptRatios } from '../lib/prompt-cost/numbers.ts'
import { generatedSet, serverSet } from '../lib/prompt-cost/sets.ts'
import { costTable } from '../lib/prompt-cost/table.ts'
import { readableJson } from '../lib/prompt-cost/wire.ts'
import { priceSavedPrograms } from '../lib/prompt-cost/saved-programs.ts'

const formsById = (ids: readonly string[]): PromptForm[] => PROMPT_FORMS.filter((form) => ids.includes(form.id))

describe('the prompt-cost measurement', () => {
  it('prices every form on small sets, each row priced with tokens and bytes or unavailable with a reason', async () => {
    const report = await measurePromptCost(PROMPT_FORMS, [generatedSet(0), generatedSet(3), serverSet('memory')])
    expect(report.rows.map((row) => row.id)).toEqual([
      'isocode_full',
      'isocode_compact',
      'isocode_serve',
      'cloudflare',
      'cloudflare_mcp',
      'utcp',
      'direct',
      'direct_mcp',
    ])
    // why: a peer may be unavailable (with a reason); a loaded one prices every set.
    const loaded = report.rows.filter((row) => row.unavailable === undefined)
    expect(report.rows.filter((row) => row.unavailable !== undefined && !/\S/.test(row.unavailable))).toEqual([])
    const cells = loaded.flatMap((row) =>
      report.sets.map((set) => ({ at: `${row.id} on ${set.id}`, cell: row.cells[set.id] })),
    )
    expect(cells).toHaveLength(loaded.length * report.sets.length)
    // why: o200k never spends more than one token per byte, and every text here is non-empty.
    const wrong = cells.filter(
      ({ cell }) => cell === undefined || !('tokens' in cell) || cell.tokens <= 0 || cell.bytes < cell.tokens,
    )
    expect(wrong).toEqual([])
    // why: Isocode's rows and direct calling depend on no peer package, so they are always priced.
    for (const id of ['isocode_full', 'isocode_compact', 'isocode_serve', 'direct', 'direct_mcp'])
      expect(report.rows.find((row) => row.id === id)?.unavailable).toBeUndefined()
    // why: more tools cost more wherever every tool is declared.
    for (const id of ['isocode_full', 'direct', 'direct_mcp'])
      expect(tokensOf(report, id, '3')).toBeGreaterThan(tokensOf(report, id, '0') ?? Infinity)
  })

  it('a form that fails to load is a row "unavailable: <reason>", and one that fails to render a cell', async () => {
    const missing = '@isocode/no-such-peer'
    const forms: PromptForm[] = [
      {
        id: 'broken',
        label: 'Broken peer',
        what: 'a package that is not installed',
        load: async () => (await import(missing)) as never,
      },
      {
        id: 'failing',
        label: 'Failing peer',
        what: 'a renderer that throws',
        load: () => Promise.resolve({ render: () => Promise.reject(new Error('no schema support\nstack')) }),
      },
    ]
    const report = await measurePromptCost(forms, [generatedSet(0), generatedSet(3)])
    expect(report.rows[0]?.unavailable).toMatch(/@isocode\/no-such-peer/)
    expect(report.rows[1]?.cells['3']).toEqual({ unavailable: 'no schema support' })
    const table = costTable(report, 'tokens')
    expect(table).toMatch(/\| Broken peer \| unavailable: .*no-such-peer.* \| — \|/)
    expect(table).toContain('| Failing peer | unavailable: no schema support | unavailable: no schema support |')
  })

  it("Isocode's compact form stays near its size from 10 to 500 tools while direct calling grows with them", async () => {
    const report = await measurePromptCost(formsById(['isocode_compact', 'direct']), [
      generatedSet(10),
      generatedSet(500),
    ])
    const compact10 = tokensOf(report, 'isocode_compact', '10') ?? Infinity
    const compact500 = tokensOf(report, 'isocode_compact', '500') ?? Infinity
    const direct500 = tokensOf(report, 'direct', '500') ?? 0
    expect(compact500).toBeLessThanOrEqual(compact10 * 1.5)
    expect(compact500 * 10).toBeLessThan(direct500)
    expect(promptRatios(report)['prompt_isocode_compact_vs_direct_500']).toBeCloseTo(compact500 / direct500, 3)
    expect(promptMetrics(report)['prompt_tokens_direct_500']).toBe(direct500)
  })

  // why: the flat compact form is priced whole, as the model receives it: the tools:sdk section
  // plus run_code's definition, at every size the table shows.
  it('the compact form, section and run_code together, is at most 450 tokens at any tool count', async () => {
    const sets = [
      generatedSet(0),
      generatedSet(10),
      generatedSet(50),
      generatedSet(500),
      serverSet('filesystem'),
      serverSet('memory'),
      serverSet('everything'),
    ]
    const report = await measurePromptCost(formsById(['isocode_compact']), sets)
    const over = sets
      .map((set) => ({ set: set.id, tokens: tokensOf(report, 'isocode_compact', set.id) ?? Infinity }))
      .filter(({ tokens }) => tokens > 450)
    expect(over).toEqual([])
  })

  it('the full form, section and run_code together, costs no more than direct OpenAI function JSON from 10 tools on', async () => {
    const sets = [
      generatedSet(10),
      generatedSet(50),
      generatedSet(500),
      serverSet('filesystem'),
      serverSet('memory'),
      serverSet('everything'),
    ]
    const report = await measurePromptCost(formsById(['isocode_full', 'direct']), sets)
    const costs = sets.map((set) => ({
      set: set.id,
      full: tokensOf(report, 'isocode_full', set.id) ?? Infinity,
      direct: tokensOf(report, 'direct', set.id) ?? 0,
    }))
    expect(costs.filter(({ full, direct }) => full > direct)).toEqual([])
  })

  it('prices a tool definition with the escapes inside its strings decoded', () => {
    expect(readableJson({ description: 'two\nlines, a "quote" and a \\n' })).toBe(
      '{"description":"two\nlines, a "quote" and a \\n"}',
    )
  })
})

describe('saved programs in the prompt', () => {
  it('each saved program adds its declaration to the section and nothing more', { timeout: 300_000 }, async () => {
    const [none, three, five] = await priceSavedPrograms([0, 3, 5], 10)
    if (none === undefined || three === undefined || five === undefined) throw new Error('three counts priced')
    // why: inside `declare const programs: { … }` each declaration's two lines (JSDoc and
    // signature) are indented by two spaces; that is all the section adds beyond the declarations.
    expect(five.bytes - three.bytes).toBe(five.declarationBytes - three.declarationBytes + 2 * 2 * 2)
    expect(three.bytes).toBeGreaterThan(none.bytes)
    expect(five.tokens).toBeGreaterThan(three.tokens)
  })
})
