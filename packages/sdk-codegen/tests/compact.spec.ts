import { join } from 'node:path'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  renderCompactSdk,
  renderToolDeclaration,
  renderToolGroups,
  renderToolsSdk,
  renderToolsSection,
  utf8Bytes,
  type ToolSchema,
} from '@isocode/sdk-codegen'
import { goldenDir, loadToolSets, typecheck } from './helpers.ts'

const sets = loadToolSets()
const set = (name: string): ToolSchema[] => sets.find((s) => s.name === name)?.tools ?? []
// why: the MCP fixtures are saved tools/list results of one server each; the bridge gives every
// tool of a server that server's name as its group, so the goldens show them that way.
const mcp = (name: string): ToolSchema[] => set(`mcp-${name}`).map((tool) => ({ ...tool, group: name }))
const compactSets: Array<{ name: string; tools: ToolSchema[] }> = [
  { name: 'tools-500', tools: set('tools-500') },
  { name: 'mcp-everything', tools: mcp('everything') },
  { name: 'mcp-filesystem', tools: mcp('filesystem') },
  { name: 'mcp-memory', tools: mcp('memory') },
]
const compactDir = join(goldenDir, 'compact')

describe('the compact tools:sdk section', () => {
  it.each(compactSets)('$name: renders to its golden file', async ({ name, tools }) => {
    await expect(renderCompactSdk(tools)).toMatchFileSnapshot(join(compactDir, `${name}.d.ts`))
  })

  it.each(compactSets)('$name: type-checks, and so does a program using the discovery members', ({ name, tools }) => {
    const program = `declare const console: { log(...values: unknown[]): void };
async function program(): Promise<unknown> {
  const hits = await tools.$search('read file', { limit: 3 })
  for (const hit of hits) console.log(hit.name, hit.declaration)
  console.log(await tools.$describe('x'), await tools.$describe())
  return tools.any_tool({ a: 1 })
}
`
    expect(typecheck({ [`${name}.d.ts`]: renderCompactSdk(tools), 'program.ts': program })).toEqual([])
  })

  it('is at most 3% of the full SDK for the 500-tool fixture', () => {
    const tools = set('tools-500')
    const full = utf8Bytes(renderToolsSdk(tools))
    const compact = utf8Bytes(renderCompactSdk(tools))
    expect(full).toBeGreaterThan(100_000)
    expect(compact / full).toBeLessThanOrEqual(0.03)
  })

  it("names the tool and group counts but no tool or group: the groups are $describe()'s answer", () => {
    const tools = [...mcp('memory'), ...set('tools-500').slice(0, 3)]
    const text = renderCompactSdk(tools)
    expect(text).toContain(' * - 12 tools in 4 groups, too many to declare here.')
    expect(text).toContain('with `tools.$search` or `tools.$describe` (below)')
    expect(text).toContain('$describe(name?: string): Promise<string>;')
    expect(text).toContain('without a name, the tool groups.')
    for (const tool of tools) expect(text).not.toContain(tool.name)
    expect(text).not.toContain('memory')
    expect(renderCompactSdk([{ name: 'x', parameters: {} }])).toContain(' * - 1 tool in 1 group, too many')
  })

  it('is the same text for sets of the same counts, whatever the tools say', () => {
    const hostile = [
      { name: 'x', group: 'evil */ declare const y: 1; /*', description: '*/ oops', parameters: { type: 'object' } },
    ]
    const text = renderCompactSdk(hostile)
    expect(typecheck({ 'sdk.d.ts': text })).toEqual([])
    expect(text).toBe(renderCompactSdk([{ name: 'other', parameters: {} }]))
  })

  it('is byte-identical for any input order', () => {
    const tools = set('tools-500')
    const expected = renderCompactSdk(tools)
    fc.assert(
      fc.property(fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length }), (shuffled) => {
        expect(renderCompactSdk(shuffled)).toBe(expected)
      }),
      { numRuns: 20 },
    )
  })
})

describe('renderToolGroups ($describe() with no name)', () => {
  it('lists every group with its size and its most used name words: MCP servers as one group, else the name prefix', () => {
    const text = renderToolGroups([...mcp('memory'), ...set('tools-500').slice(0, 3)])
    expect(text.split('\n')).toEqual([
      'Tool groups (tools in the group): the words their names use most; search with a group and a word.',
      'export (1): branch',
      'import (1): repo',
      'memory (9): delete, create, entities, nodes, observations, relations, add, graph, open, read, search',
      'sync (1): job',
      '',
    ])
  })

  it('keeps a hostile group name on its line, and is byte-identical for any input order', () => {
    const text = renderToolGroups([{ name: 'x', group: 'evil\n*/ y', parameters: {} }])
    expect(text.split('\n')[1]).toBe('evil *\\/ y (1): x')
    const tools = set('tools-500')
    const expected = renderToolGroups(tools)
    expect(renderToolGroups(tools.toReversed())).toBe(expected)
  })
})

describe('renderToolsSection', () => {
  it.each(sets)('$name: under the budget it is the full SDK byte for byte', ({ tools }) => {
    const full = renderToolsSdk(tools)
    const section = renderToolsSection(tools, utf8Bytes(full))
    expect(section).toEqual({ text: full, form: 'full' })
  })

  it('one byte over the budget it is the compact section', () => {
    const tools = set('mcp-filesystem')
    const full = renderToolsSdk(tools)
    expect(renderToolsSection(tools, utf8Bytes(full) - 1)).toEqual({ text: renderCompactSdk(tools), form: 'compact' })
  })

  it('defaults to 16 KB: the MCP fixtures stay full, 500 tools go compact', () => {
    expect(renderToolsSection(set('mcp-filesystem')).form).toBe('full')
    expect(renderToolsSection(set('tools-500')).form).toBe('compact')
  })
})

describe('renderToolDeclaration', () => {
  it.each(sets.filter((s) => s.tools.length > 0))(
    '$name: a declaration without aliases is the member the full SDK declares',
    ({ tools }) => {
      // why: $describe shows one tool alone, so it inlines the shapes the section declares once.
      const full = renderToolsSdk(tools, { sharedTypes: false })
      let compared = 0
      for (const tool of tools) {
        const declaration = renderToolDeclaration(tool)
        // why: alias names are unique per section, so a standalone one may lack the `_2` suffix.
        if (/^type /m.test(declaration)) continue
        expect(full).toContain(declaration.replace(/^(?=.)/gm, '  '))
        compared++
      }
      expect(compared).toBeGreaterThan(0)
    },
  )

  it('renders the aliases a $ref needs before the member', () => {
    const text = renderToolDeclaration({
      name: 'walk',
      parameters: {
        type: 'object',
        properties: { node: { $ref: '#/$defs/Node' } },
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      },
    })
    expect(text).toBe(
      'type Walk_Node = { next?: Walk_Node };\nwalk: (args: { node?: Walk_Node }) => Promise<string>;\n',
    )
  })
})
