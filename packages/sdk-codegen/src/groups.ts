// Tool groups of the compact tools:sdk section: an explicit group (an MCP server's tools), else
// the name's first word; each with its size and the words its tools' names use most.
import type { ToolSchema } from './render-sdk.ts'
import { sortTools } from './render-sdk.ts'
import { searchTerms, stem } from './terms.ts'
import { oneLine } from './text.ts'

/** One group as the compact section lists it. */
export interface ToolGroup {
  readonly name: string
  readonly size: number
  /** The most frequent name words besides the group's own (count desc, then code-unit order). */
  readonly words: readonly string[]
}

/** Group of a tool that names none: the text before `server__` or the first `_ - . /`, else `other`. */
export function toolGroupOf(tool: Pick<ToolSchema, 'name' | 'group'>): string {
  if (typeof tool.group === 'string' && tool.group !== '') return tool.group
  const namespaced = tool.name.indexOf('__')
  if (namespaced > 0) return tool.name.slice(0, namespaced)
  const match = /^([A-Za-z0-9]+)[_\-./]/.exec(tool.name)
  return match?.[1] ?? 'other'
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The groups of `tools` in code-unit order of their names, each with up to `wordLimit` frequent words. */
export function toolGroups(tools: readonly ToolSchema[], wordLimit: number): ToolGroup[] {
  const members = new Map<string, ToolSchema[]>()
  for (const tool of tools) {
    const group = toolGroupOf(tool)
    const list = members.get(group)
    if (list === undefined) members.set(group, [tool])
    else list.push(tool)
  }
  return [...members.keys()].toSorted(byCode).map((name) => {
    const list = members.get(name) ?? []
    const own = new Set(searchTerms(name).map(stem))
    const counts = new Map<string, number>()
    // why: counted by stem (file, files) but shown as the shortest word the names use for it.
    const shown = new Map<string, string>()
    for (const tool of list) {
      const local = tool.name.startsWith(`${name}__`) ? tool.name.slice(name.length + 2) : tool.name
      const seen = new Set<string>()
      for (const word of searchTerms(local)) {
        const term = stem(word)
        // why: numbers (`tool_081`) and the group's own word tell the model nothing to search for.
        if (own.has(term) || /^\d+$/.test(term)) continue
        const current = shown.get(term)
        if (current === undefined || word.length < current.length || (word.length === current.length && word < current))
          shown.set(term, word)
        if (!seen.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1)
        seen.add(term)
      }
    }
    const ranked = [...counts.keys()].toSorted((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || byCode(a, b))
    const words = ranked.slice(0, wordLimit).map((term) => shown.get(term) ?? term)
    return { name, size: list.length, words }
  })
}

// why: enough words per group to phrase a query, few enough that 500 tools stay under 1 KB.
const GROUP_WORDS = 12

/**
 * The group listing `tools.$describe()` answers with: one line per group, `name (size): words`,
 * in code-unit order. Byte-identical for the same set in any order; throws like `renderToolsSdk`.
 */
export function renderToolGroups(tools: readonly ToolSchema[]): string {
  const groups = toolGroups(sortTools(tools), GROUP_WORDS)
  const lines = groups.map((group) => {
    const words = group.words.length === 0 ? '' : `: ${group.words.map((w) => oneLine(w)).join(', ')}`
    return `${oneLine(group.name)} (${group.size})${words}\n`
  })
  const head = `Tool groups (tools in the group): the words their names use most; search with a group and a word.\n`
  return head + lines.join('')
}
