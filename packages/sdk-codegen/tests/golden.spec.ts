import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderToolsSdk } from '@isocode/sdk-codegen'
import { goldenDir, loadToolSets, toolMemberNames, typecheck } from './helpers.ts'

const sets = loadToolSets()
// why: vitest writes file snapshots when the spec file ends, so the checks below use the rendered
// text; the snapshot cases prove it is byte-identical to the golden file.
const golden = (name: string): string => renderToolsSdk(sets.find((s) => s.name === name)?.tools ?? [])

describe('golden tools:sdk sections', () => {
  it.each(sets)('$name: renders to its golden file', async ({ name, tools }) => {
    await expect(renderToolsSdk(tools)).toMatchFileSnapshot(join(goldenDir, `${name}.d.ts`))
  })

  it.each(sets)('$name: type-checks with zero diagnostics', ({ name }) => {
    expect(typecheck({ [`${name}.d.ts`]: golden(name) })).toEqual([])
  })

  it.each(sets)('$name: declares exactly the fixture tool names', ({ name, tools }) => {
    const members = toolMemberNames(golden(name))
    expect(members).toEqual(tools.map((t) => t.name).toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('has no golden file without a fixture', () => {
    const goldens = readdirSync(goldenDir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .toSorted()
    expect(goldens).toEqual(sets.map((s) => `${s.name}.d.ts`).toSorted())
  })
})

describe('a program written against a golden SDK', () => {
  const prelude = 'declare const console: { log(...values: unknown[]): void };\n'
  const wrap = (body: string): string => `${prelude}async function program(): Promise<unknown> {\n${body}\n}\n`

  it('type-checks when it calls tools as the instructions say', () => {
    const program = wrap(`
      const text: string = await tools.read_file({ path: 'README.md', limit: 10 })
      await tools.write_file({ path: 'out.txt', content: text, mode: 'append' })
      try {
        await tools.search_files({ pattern: 'x', maxResults: null })
      } catch (error) {
        if (error instanceof ToolCallError) console.log(error.tool, error.message)
      }
      const [a, b] = await Promise.all([tools.stat({ path: 'a' }), tools.stat({ path: 'b' })])
      return a + b`)
    expect(typecheck({ 'sdk.d.ts': golden('filesystem'), 'program.ts': program })).toEqual([])
  })

  it('reaches exotic names through quoted access', () => {
    const program = wrap(`
      await tools["my-tool"]({ a: 1 })
      await tools["1st"]({})
      await tools.__proto__({ x: 'y' })
      await tools.constructor({})
      return tools["new\\nline"]({})`)
    expect(typecheck({ 'sdk.d.ts': golden('exotic-names'), 'program.ts': program })).toEqual([])
  })

  it('reports wrong arguments, so the check above is live', () => {
    const program = wrap(`return tools.read_file({ path: 1 })`)
    expect(typecheck({ 'sdk.d.ts': golden('filesystem'), 'program.ts': program }).join('\n')).toContain(
      "Type 'number' is not assignable to type 'string'",
    )
  })
})
