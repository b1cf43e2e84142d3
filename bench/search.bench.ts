// $search over the 500-tool fixture: the retrieval set's top-1 / top-3 hit rates (what a user
// asks → the tool that does it) as metrics, with the held-out MCP set's beside them, and the time of one search, with the index built and
// as a run's first $search pays it (the registry builds the index on first use in each run).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_SEARCH_LIMIT, ToolSearchIndex, type ToolSchema } from '@isocode/sdk-codegen'
import { createBench, type SuiteFactory } from './lib/suite.ts'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')
const tools = JSON.parse(readFileSync(join(fixtures, 'tools', 'tools-500.json'), 'utf8')) as ToolSchema[]
type Query = { query: string; expected: string }
const readJson = <T>(...path: string[]): T => JSON.parse(readFileSync(join(fixtures, ...path), 'utf8')) as T
const queries = readJson<Query[]>('search', 'tools-500-queries.json')
// why: the held-out set over three real servers' tools, bridged with their server as the group.
const mcpTools = ['filesystem', 'memory', 'everything'].flatMap((server) =>
  readJson<ToolSchema[]>('tools', `mcp-${server}.json`).map((t) => ({ ...t, group: server })),
)
const mcpQueries = readJson<Query[]>('search', 'mcp-queries.json')

/** Share of `set` whose expected tool is among the first `k` hits. */
function hitRate(index: ToolSearchIndex, set: readonly Query[], k: number): number {
  let hits = 0
  for (const { query, expected } of set) if (index.search(query, k).some((hit) => hit.name === expected)) hits++
  return hits / set.length
}

const factory: SuiteFactory = () => {
  const bench = createBench()
  const index = new ToolSearchIndex(tools)
  let next = 0
  // why: one query per iteration, cycling through the set, so the time is an average over real queries.
  const query = (): string => queries[next++ % queries.length]?.query ?? ''
  bench.add('search 500 tools (index built)', () => {
    index.search(query(), DEFAULT_SEARCH_LIMIT)
  })
  bench.add('search 500 tools (first $search of a run: index + search)', () => {
    new ToolSearchIndex(tools).search(query(), DEFAULT_SEARCH_LIMIT)
  })
  return {
    bench,
    metrics: () => {
      const mcp = new ToolSearchIndex(mcpTools)
      return {
        search_queries: queries.length,
        search_top1_rate: hitRate(index, queries, 1),
        search_top3_rate: hitRate(index, queries, 3),
        search_mcp_queries: mcpQueries.length,
        search_mcp_top1_rate: hitRate(mcp, mcpQueries, 1),
        search_mcp_top3_rate: hitRate(mcp, mcpQueries, 3),
      }
    },
  }
}

export default factory
