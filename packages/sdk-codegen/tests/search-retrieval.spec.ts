// The retrieval set: what a user would ask for, against the 500-tool fixture, and the tool that
// does it. $search (ToolSearchIndex, as the registry calls it) must put that tool in its top 3.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_LIMIT, ToolSearchIndex } from '@isocode/sdk-codegen'
import { loadToolSets, toolsDir } from './helpers.ts'

const tools = loadToolSets().find((s) => s.name === 'tools-500')?.tools ?? []
const queries = JSON.parse(readFileSync(join(toolsDir, '..', 'search', 'tools-500-queries.json'), 'utf8')) as Array<{ query: string; expected: string }>

describe('the tools-500 retrieval set', () => {
  it('has at least 100 distinct queries, each naming a real tool and none copied from a description', () => {
    expect(queries.length).toBeGreaterThanOrEqual(100)
    expect(new Set(queries.map((q) => q.query)).size).toBe(queries.length)
    const byName = new Map(tools.map((t) => [t.name, t]))
    expect(queries.filter((q) => !byName.has(q.expected))).toEqual([])
    // why: the words of the description (minus the generated number) must not appear verbatim.
    const copied = queries.filter(({ query, expected }) => {
      const description = (byName.get(expected)?.description ?? '').replace(/ \(generated tool \d+\)\.$/, '').toLowerCase()
      return query.toLowerCase().includes(description) || query.includes(expected)
    })
    expect(copied).toEqual([])
  })

  it('puts the expected tool in the top 3 for at least 90% of the queries', () => {
    const index = new ToolSearchIndex(tools)
    const misses: string[] = []
    for (const { query, expected } of queries) {
      const top = index.search(query, DEFAULT_SEARCH_LIMIT).map((h) => h.name)
      if (!top.slice(0, 3).includes(expected)) misses.push(`  "${query}" → ${expected}; got ${top.slice(0, 3).join(', ')}`)
    }
    const rate = 1 - misses.length / queries.length
    // why: the misses are the list to improve the ranking from; printed on every run.
    console.log(`top-3 hit rate ${(rate * 100).toFixed(1)}% (${queries.length - misses.length}/${queries.length}); misses:\n${misses.join('\n')}`)
    expect(rate).toBeGreaterThanOrEqual(0.9)
  })
})
