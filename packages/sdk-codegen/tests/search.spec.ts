import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closestNames, ToolSearchIndex, type ToolSchema } from '@isocode/sdk-codegen'
import { editDistance } from '../src/closest.ts'
import { searchTerms } from '../src/terms.ts'
import { loadToolSets } from './helpers.ts'

const tool = (name: string, description?: string): ToolSchema => ({
  name,
  parameters: { type: 'object' },
  ...(description === undefined ? {} : { description }),
})
const withParams = (name: string, properties: Record<string, unknown>): ToolSchema => ({
  name,
  description: 'List tickets.',
  parameters: { type: 'object', properties },
})
const tools500 = loadToolSets().find((s) => s.name === 'tools-500')?.tools ?? []

describe('searchTerms', () => {
  it('splits snake, kebab, dotted and camelCase names into lower-case words', () => {
    expect(searchTerms('read_file-now.fast readFile URLPath x2')).toEqual([
      'read',
      'file',
      'now',
      'fast',
      'read',
      'file',
      'urlpath',
      'x2',
    ])
  })
})

describe('ToolSearchIndex (BM25)', () => {
  const index = new ToolSearchIndex([
    tool('read_file', 'Read a file from disk.'),
    tool('write_file', 'Write a file to disk.'),
    tool('list_directory', 'List the entries of a directory.'),
    tool('search_files', 'Find files whose name matches a pattern.'),
    tool('get_weather', 'Current weather for a city.'),
  ])

  it('ranks a rare word over a common one, and name words over description words', () => {
    const names = index.search('read file', 5).map((h) => h.name)
    expect(names[0]).toBe('read_file')
    expect(names.indexOf('write_file')).toBeLessThan(names.indexOf('search_files'))
    expect(index.search('weather', 5).map((h) => h.name)).toEqual(['get_weather'])
  })

  it('meets inflected words at their Porter stem and drops function words', () => {
    expect(index.search('reading the files', 1).map((h) => h.name)).toEqual(['read_file'])
    expect(index.search('the of by with', 5)).toEqual([])
  })

  it('finds a tool through a synonym, below a tool that uses the word itself', () => {
    const tools = new ToolSearchIndex([
      tool('delete_file', 'Delete a file.'),
      tool('remove_tag', 'Remove a tag.'),
      tool('get_weather', 'Weather.'),
    ])
    expect(tools.search('remove a document', 3).map((h) => h.name)).toEqual(['delete_file', 'remove_tag'])
    expect(tools.search('remove', 3).map((h) => h.name)).toEqual(['remove_tag', 'delete_file'])
  })

  it('indexes parameter names and descriptions, so a filter the user names picks the tool', () => {
    const tools = new ToolSearchIndex([
      withParams('list_tickets_a', { owner: { type: 'string' } }),
      withParams('list_tickets_b', { cursor: { type: 'string' } }),
      withParams('list_tickets_c', { q: { type: 'string', description: 'Only tickets carrying this label.' } }),
    ])
    expect(tools.search('tickets owned by kim', 1).map((h) => h.name)).toEqual(['list_tickets_a'])
    expect(tools.search('tickets labelled urgent', 1).map((h) => h.name)).toEqual(['list_tickets_c'])
  })

  it('ranks an exact tool name first and returns nothing for unknown words', () => {
    expect(index.search('search_files', 1).map((h) => h.name)).toEqual(['search_files'])
    expect(index.search('zebra', 5)).toEqual([])
  })

  it('honours the limit and orders equal scores by name', () => {
    const same = ['zeta_widget', 'alpha_widget', 'mid_widget', 'beta_widget'].map((name) => tool(name, 'A widget.'))
    const hits = new ToolSearchIndex(same).search('widget', 3)
    expect(hits.map((h) => h.name)).toEqual(['alpha_widget', 'beta_widget', 'mid_widget'])
    expect(new Set(hits.map((h) => h.score)).size).toBe(1)
  })

  it('gives the same hits for any input order of the tool set', () => {
    const expected = new ToolSearchIndex(tools500).search('archive invoice records', 10)
    expect(expected.length).toBe(10)
    fc.assert(
      fc.property(
        fc.shuffledSubarray(tools500, { minLength: tools500.length, maxLength: tools500.length }),
        (shuffled) => {
          expect(new ToolSearchIndex(shuffled).search('archive invoice records', 10)).toEqual(expected)
        },
      ),
      { numRuns: 15 },
    )
  })
})

describe('closestNames', () => {
  const names = ['everything__echo', 'everything__get-sum', 'read_file', 'read_text_file', 'write_file']

  it('finds a namespaced tool from its bare name', () => {
    expect(closestNames('echo', names)).toEqual(['everything__echo'])
  })

  it('suggests up to 3 names by edit distance, nearest first', () => {
    expect(closestNames('reed_file', names)).toEqual(['read_file', 'write_file', 'read_text_file'])
    expect(closestNames('qqqqqqqqqqqq', names)).toEqual([])
  })

  it('is the Levenshtein distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })
})
