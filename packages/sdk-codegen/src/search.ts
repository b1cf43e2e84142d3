// Tool search for the compact tools:sdk section: Okapi BM25 over each tool's name and description.
// Deterministic: documents are indexed in name order and ties rank by name, so the same tool set
// in any input order ranks the same query identically.
import { sortTools, type ToolSchema } from './render-sdk.ts'

/** One ranked match of {@link ToolSearchIndex.search}. */
export interface ToolSearchHit {
  readonly name: string
  readonly score: number
}

// why: common BM25 defaults; descriptions of tools are short, so length normalisation stays mild.
const K1 = 1.2
const B = 0.75
// why: a word in the name says more about a tool than the same word in its description.
const NAME_WEIGHT = 2

/**
 * Lower-case words of `text`: split at anything but letters and digits and at camelCase
 * boundaries (`readFile` → read, file), so `read_file`, `read-file` and `readFile` all match "read file".
 */
export function searchTerms(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
  return spaced
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term !== '')
}

/** `files` → `file`: a plain plural `s` dropped (not `ss`), so singular and plural queries meet. */
export function stem(term: string): string {
  return term.length > 3 && term.endsWith('s') && !term.endsWith('ss') ? term.slice(0, -1) : term
}

const indexTerms = (text: string): string[] => searchTerms(text).map(stem)

interface Doc {
  readonly name: string
  readonly length: number
  readonly counts: ReadonlyMap<string, number>
}

function indexDoc(tool: ToolSchema): Doc {
  const counts = new Map<string, number>()
  const add = (term: string, weight: number): void => void counts.set(term, (counts.get(term) ?? 0) + weight)
  for (const term of indexTerms(tool.name)) add(term, NAME_WEIGHT)
  // why: the whole name as one term, so a query that is exactly a tool name ranks that tool first.
  add(tool.name.toLowerCase(), NAME_WEIGHT)
  for (const term of indexTerms(tool.description ?? '')) add(term, 1)
  let length = 0
  for (const count of counts.values()) length += count
  return { name: tool.name, length, counts }
}

/** A BM25 index over a tool set's names and descriptions. */
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

  /** The tools matching at least one word of `query`, best first (ties by name), at most `limit`. */
  search(query: string, limit: number): ToolSearchHit[] {
    // why: a repeated query word must not count twice; the set keeps the first-seen order.
    const terms = [...new Set([...indexTerms(query), query.trim().toLowerCase()])].filter((t) => t !== '')
    const n = this.docs.length
    const hits: ToolSearchHit[] = []
    for (const doc of this.docs) {
      let score = 0
      for (const term of terms) {
        const tf = doc.counts.get(term)
        if (tf === undefined) continue
        const df = this.frequency.get(term) ?? 0
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.averageLength))
      }
      if (score > 0) hits.push({ name: doc.name, score })
    }
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return hits.slice(0, limit)
  }
}
