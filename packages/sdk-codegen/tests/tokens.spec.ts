// Prompt cost in o200k tokens (gpt-tokenizer), against the real renderer: the compact section is
// flat, the fixed text is small, and the full section costs no more than direct function calling.
import * as fc from 'fast-check'
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { renderCompactSdk, renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import { loadToolSets } from './helpers.ts'

const tokens = (text: string): number => encode(text).length
const sets = loadToolSets()
const set = (name: string): ToolSchema[] => sets.find((s) => s.name === name)?.tools ?? []
const tools500 = set('tools-500')

/** What direct calling sends for the same tools: the OpenAI `tools` array as JSON. */
const directJson = (tools: readonly ToolSchema[]): string =>
  JSON.stringify(
    tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    })),
  )

const COMPACT_MAX = 450
const FIXED_MAX = 250

// why: synthetic sets far beyond the fixtures, with long names, descriptions and many groups,
// so "flat" is checked where one line per group or tool would have shown.
const synthetic = (count: number): ToolSchema[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `group${i % 97}__a_rather_long_tool_name_number_${i}`,
    description: `Tool ${i} does something quite specific with a long description. `.repeat(4),
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  }))

describe('the compact section is flat', () => {
  it.each([0, 1, 10, 500, 5_000])(`%i synthetic tools: at most ${COMPACT_MAX} tokens`, (count) => {
    expect(tokens(renderCompactSdk(synthetic(count)))).toBeLessThanOrEqual(COMPACT_MAX)
  })

  it.each(sets)(`$name: at most ${COMPACT_MAX} tokens`, ({ tools }) => {
    expect(tokens(renderCompactSdk(tools))).toBeLessThanOrEqual(COMPACT_MAX)
  })

  it('does not grow with the tool set: 10 and 5,000 tools differ by the digits of the counts only', () => {
    const small = tokens(renderCompactSdk(tools500.slice(0, 10)))
    const large = tokens(renderCompactSdk(synthetic(5_000)))
    expect(Math.abs(large - small)).toBeLessThanOrEqual(4)
  })

  it(`stays within ${COMPACT_MAX} tokens for any tool set`, () => {
    const tool = fc.record({
      name: fc.string({ minLength: 1, maxLength: 40 }),
      description: fc.string({ maxLength: 200 }),
      group: fc.string({ maxLength: 40 }),
    })
    fc.assert(
      fc.property(fc.uniqueArray(tool, { selector: (t) => t.name, maxLength: 60 }), (list) => {
        expect(tokens(renderCompactSdk(list.map((t) => ({ ...t, parameters: {} }))))).toBeLessThanOrEqual(COMPACT_MAX)
      }),
      { numRuns: 30 },
    )
  })
})

describe('the full section', () => {
  it(`has at most ${FIXED_MAX} tokens of fixed text (instructions, error class, empty tools)`, () => {
    expect(tokens(renderToolsSdk([]))).toBeLessThanOrEqual(FIXED_MAX)
  })

  const cases: Array<[string, ToolSchema[]]> = [
    ['tools-500, first 10', tools500.slice(0, 10)],
    ['tools-500, first 50', tools500.slice(0, 50)],
    ['tools-500, all 500', tools500],
    ['mcp-filesystem (14)', set('mcp-filesystem')],
    ['mcp-everything (13)', set('mcp-everything')],
  ]
  const withMemory: Array<[string, ToolSchema[]]> = [...cases, ['mcp-memory (9)', set('mcp-memory')]]
  it.each(cases)("%s: costs no more tokens than direct calling's OpenAI function JSON", (_label, tools) => {
    expect(tools.length).toBeGreaterThanOrEqual(10)
    expect(tokens(renderToolsSdk(tools))).toBeLessThanOrEqual(tokens(directJson(tools)))
  })

  it('mcp-memory (9 tools): costs no more than direct calling either, output types included, by declaring Entity and Relation once', () => {
    const tools = set('mcp-memory')
    expect(tokens(renderToolsSdk(tools))).toBeLessThanOrEqual(tokens(directJson(tools)))
    expect(tokens(renderToolsSdk(tools, { sharedTypes: false }))).toBeGreaterThan(tokens(directJson(tools)))
  })

  it.each(withMemory)('%s: keeps every description and declares output types', (_label, tools) => {
    const text = renderToolsSdk(tools)
    const descriptions = tools
      .map((t) => (t.description ?? '').replace(/\s+/g, ' ').trim().replaceAll('*/', '*\\/'))
      .filter((d) => d !== '')
    expect(descriptions.filter((d) => !text.includes(d))).toEqual([])
    // why: a tool with an output schema resolves to that type, never to the text fallback.
    const resolvesTo = (name: string): string => {
      const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
      const start = text.indexOf(`\n  ${key}: (args: `)
      const arrow = text.indexOf(') => Promise<', start)
      return start < 0 || arrow < 0
        ? 'missing'
        : text.slice(arrow + ') => Promise<'.length, arrow + ') => Promise<'.length + 7)
    }
    const typed = tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name)
    expect(typed.filter((name) => resolvesTo(name) === 'string>' || resolvesTo(name) === 'missing')).toEqual([])
    expect(tools.filter((t) => t.outputSchema === undefined).every((t) => resolvesTo(t.name) === 'string>')).toBe(true)
  })
})
