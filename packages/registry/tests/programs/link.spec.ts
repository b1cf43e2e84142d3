// Linking saved programs into the calling program: `programs.name` of a saved program
// becomes `programs$name` in place (every line and column kept), the saved code is appended as a
// hoisted function, transitively; strings, other members and a local `programs` are left alone.
import { describe, expect, it } from 'vitest'
import { linkPrograms, references } from '../../src/code-mode/programs/link.ts'
import { syntaxProblem } from '../../src/code-mode/programs/syntax.ts'

const saved = new Map([
  ['total', 'return (await tools.read({ week: input.week })).length'],
  ['report', 'const t = await programs.total(input)\nreturn { t }'],
])

describe('linkPrograms', () => {
  it('rewrites each call in place and appends the saved code once, with the programs it calls', () => {
    const code = `const a = await programs.report({ week: 1 })\nconst b = await programs.report({ week: 2 })\nreturn [a, b]`
    const { code: linked, linked: names } = linkPrograms(code, saved)
    expect(names).toEqual(['report', 'total'])
    const head = linked.slice(0, code.length)
    expect(head).toBe(code.replaceAll('programs.report', 'programs$report'))
    expect(head.split('\n').map((line) => line.length)).toEqual(code.split('\n').map((line) => line.length))
    expect(linked).toContain(`\n;async function programs$report(input) { await programs.$enter("report", input);\n`)
    expect(linked).toContain('const t = await programs$total(input)')
    expect(linked.match(/async function programs\$total/g)).toHaveLength(1)
  })

  it('leaves strings, comments, unknown names and other objects alone', () => {
    const code = `// programs.total here
const s = "programs.total"
const o = { programs: 1 }
await programs.unknown({})
return other.programs.total`
    expect(linkPrograms(code, saved)).toEqual({ code, linked: [] })
  })

  it('links nothing when the program declares its own programs', () => {
    const code = `const programs = { total: async () => 1 }\nreturn await programs.total()`
    expect(linkPrograms(code, saved)).toEqual({ code, linked: [] })
  })

  it('finds the tools a program names, written either way', () => {
    expect([...references(`await tools.read({}); await tools["my-tool"]({}); tools.$search('x')`).tools]).toEqual([
      'read',
      'my-tool',
      '$search',
    ])
  })
})

describe('syntaxProblem', () => {
  it('names the line and column of a program that does not parse, and passes one that does', () => {
    expect(syntaxProblem('const a = 1\nreturn (a +')).toMatch(/^SyntaxError: .*\(at 2:\d+\)$/)
    expect(syntaxProblem('const a: number = await Promise.resolve(1)\nreturn a')).toBeUndefined()
  })

  it('refuses what only V8 refuses (an early error TypeScript lets through)', () => {
    expect(syntaxProblem('let a = 1\nlet a = 2')).toMatch(/SyntaxError/)
  })
})
