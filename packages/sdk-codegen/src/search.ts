// Tool search for the compact tools:sdk section: Okapi BM25 over each tool's name, group,
// description and parameters. Deterministic: documents are indexed in name order and ties rank
// by name, so the same tool set in any input order ranks the same query identically.
import { sortTools, type ToolSchema } from './render-sdk.ts'
import { synonymsOf } from './synonyms.ts'
import { indexTerms } from './terms.ts'

/** One ranked match of {@link ToolSearchIndex.search}. */
export interface ToolSearchHit {
  readonly name: string
  readonly score: number
}

// why: common BM25 defaults; descriptions of tools are short, so length normalisation stays mild.
const K1 = 1.2
const B = 0.75
// why: a word in the name says more about a tool than the same word in its description, and a
// parameter's name (what the user wants to filter or set by) about as much as the description.
const NAME_WEIGHT = 2
const DESCRIPTION_WEIGHT = 1
const PARAMETER_WEIGHT = 1
const PARAMETER_DESCRIPTION_WEIGHT = 0.5
// why: a synonym counts, but less than the word itself, so "remove" prefers a tool that says remove.
const SYNONYM_WEIGHT = 0.8

interface Doc {
  readonly name: string
  readonly length: number
  readonly counts: ReadonlyMap<string, number>
}

/** The top-level parameters of a tool as [name, description] pairs; anything malformed is skipped. */
function parametersOf(schema: unknown): Array<[string, string]> {
  const properties =
    typeof schema === 'object' && schema !== null ? (schema as { properties?: unknown }).properties : undefined
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return []
  return Object.entries(properties as Record<string, unknown>).map(([key, value]) => {
    const description =
      typeof value === 'object' && value !== null ? (value as { description?: unknown }).description : undefined
    return [key, typeof description === 'string' ? description : '']
  })
}

function indexDoc(tool: ToolSchema): Doc {
  const counts = new Map<string, number>()
  const add = (text: string, weight: number): void => {
    for (const term of indexTerms(text)) counts.set(term, (counts.get(term) ?? 0) + weight)
  }
  add(tool.name, NAME_WEIGHT)
  // why: the whole name as one term, so a query that is exactly a tool name ranks that tool first.
  counts.set(tool.name.toLowerCase(), (counts.get(tool.name.toLowerCase()) ?? 0) + NAME_WEIGHT)
  if (typeof tool.group === 'string') add(tool.group, DESCRIPTION_WEIGHT)
  add(typeof tool.description === 'string' ? tool.description : '', DESCRIPTION_WEIGHT)
  for (const [key, description] of parametersOf(tool.parameters)) {
    add(key, PARAMETER_WEIGHT)
    add(description, PARAMETER_DESCRIPTION_WEIGHT)
  }
  let length = 0
  for (const count of counts.values()) length += count
  return { name: tool.name, length, counts }
}

/** A BM25 index over a tool set's names, groups, descriptions and parameters. */
export class ToolSearchIndex {
  private readonly docs: readonly Doc[]
  private readonly frequency = new Map<string, number>()
  private readonly averageLength: number

  constructor(tools: readonly ToolSchema[]) {
    this.docs = sortTools(tools).map(indexDoc)
    let total = 0
    for (const doc of this.docs) {
      total += doc.length
      for (const term of doc.counts.keys()) this.frequency.set(term, (this.frequency.get(term) ?? 0) + 1)
    }
    this.averageLength = this.docs.length === 0 ? 1 : total / this.docs.length
  }

  /** The tools matching at least one word of `query` (or a synonym), best first (ties by name), at most `limit`. */
  search(query: string, limit: number): ToolSearchHit[] {
    // why: a repeated query word must not count twice; the set keeps the first-seen order.
    const terms = [...new Set([...indexTerms(query), query.trim().toLowerCase()])].filter((t) => t !== '')
    const hits: ToolSearchHit[] = []
    for (const doc of this.docs) {
      let score = 0
      for (const term of terms) {
        // why: the best of the word and its synonyms, so a tool saying both is not counted twice.
        let best = this.termScore(doc, term)
        for (const synonym of synonymsOf(term)) best = Math.max(best, SYNONYM_WEIGHT * this.termScore(doc, synonym))
        score += best
      }
      if (score > 0) hits.push({ name: doc.name, score })
    }
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return hits.slice(0, limit)
  }

  private termScore(doc: Doc, term: string): number {
    const tf = doc.counts.get(term)
    if (tf === undefined) return 0
    const df = this.frequency.get(term) ?? 0
    const idf = Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5))
    return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.averageLength))
  }
}
