// The analysis itself, in this thread: each proven error class with its line:column, and the
// diagnostics the check must ignore because the run would not fail on them.
import { describe, expect, it } from 'vitest'
import { ProgramAnalyzer } from '../src/analyze.ts'
import { COMPACT_SDK, SDK } from './helpers.ts'

const analyzer = new ProgramAnalyzer()
const check = (code: string, sdk = SDK) => analyzer.check(code, sdk)
const brief = (code: string, sdk = SDK) =>
  check(code, sdk).map(
    (e) => `${e.class} ${e.line}:${e.column}${e.suggestion === undefined ? '' : ` → ${e.suggestion}`}`,
  )

describe('proven errors', () => {
  it('an unknown tool, with the nearest name, at the member', () => {
    expect(brief(`const a = 1\nconst text = await tools.raed_file({ path: 'x' })\nreturn text`)).toEqual([
      'unknown-member 2:26 → tools.read_file',
    ])
  })

  it('an unknown tool reached by a string key', () => {
    expect(brief(`return await tools["my-tol"]({ q: 'x' })`)).toEqual(['unknown-member 1:20 → tools["my-tool"]'])
  })

  it('a required argument left out of the arguments object, and a call with no arguments object', () => {
    expect(brief(`await tools.read_file({ limit: 3 })\nawait tools.read_file()`)).toEqual([
      'missing-argument 1:23',
      'missing-argument 2:7',
    ])
    expect(check(`await tools.write_file({ path: 'a' })`)[0]?.message).toBe(
      'tools.write_file is missing the required property "content" of its arguments',
    )
  })

  it('a required property left out of a nested argument object', () => {
    expect(brief(`await tools.write_file({ path: 'a', content: 'b', options: { backup: true } })`)).toEqual([
      'missing-argument 1:60',
    ])
  })

  it('an unknown argument property, with the nearest declared one; the missing one it misspells is not repeated', () => {
    expect(brief(`await tools.read_file({ pth: 'a' })`)).toEqual(['unknown-property 1:25 → path'])
    expect(brief(`await tools.read_file({ path: 'a', limt: 2 })`)).toEqual(['unknown-property 1:36 → limit'])
  })

  it('a call of something the SDK says is not a function', () => {
    expect(brief(`const n = 1\n  tools()`)).toEqual(['not-callable 2:3'])
    expect(brief(`const text = (await tools.read_file({ path: 'a' }))()`)).toEqual(['not-callable 1:14'])
  })

  it('a syntax error: the first one only, where the parser puts it', () => {
    expect(brief(`const a = await tools.read_file({ path: 'a' }\nreturn a\n`)).toEqual(['syntax 2:1'])
    expect(check(`const = 1`)[0]?.message).toBe('SyntaxError: Variable declaration expected.')
  })

  it('a syntax error only V8 reports (an early error TypeScript checks as a type error)', () => {
    const [error] = check(`let a = 1\nlet a = 2\nreturn a`)
    expect(error).toMatchObject({ class: 'syntax', line: 2, column: 5, tsCode: 0 })
    expect(error?.message).toContain("Identifier 'a' has already been declared")
  })

  it('every proven error at once, in program order, each with its excerpt', () => {
    const errors = check(
      `await tools.nope({})\nawait tools.read_file({})\nawait tools.read_file({ path: 'a', extra: 1 })`,
    )
    expect(errors.map((e) => e.class)).toEqual(['unknown-member', 'missing-argument', 'unknown-property'])
    expect(errors[0]?.excerpt).toBe('1 | await tools.nope({})\n  |             ^')
  })

  it('positions count lines as V8 does (CRLF, U+2028) and columns in UTF-16 units', () => {
    expect(brief(`const s = 'é😀'\r\nconst t = 1\u2028await tools.raed_file({ path: s })`)).toEqual([
      'unknown-member 3:13 → tools.read_file',
    ])
    expect(brief(`const s = '😀'; await tools.raed_file({ path: s })`)).toEqual([
      'unknown-member 1:29 → tools.read_file',
    ])
  })
})

describe('what the check ignores (the run would not fail there)', () => {
  it.each([
    ['implicit any', `function f(x) { return x }\nreturn f(await tools.read_file({ path: 'a' }))`],
    ['possibly undefined', `const files = (await tools.list_files({})).files\nreturn files[0].length`],
    ['a type mismatch of an argument value', `await tools.read_file({ path: 42 })`],
    [
      'an unknown-typed result used freely',
      `const r: any = JSON.parse(await tools.read_file({ path: 'a' }))\nreturn r.a.b()`,
    ],
    [
      'reading a missing member without calling it',
      `return typeof tools.nope === 'undefined' && tools.nope2 === undefined`,
    ],
    [
      'the discovery members the runtime adds to every SDK',
      `return [await tools.$search('read'), await tools.$describe('read_file')]`,
    ],
    ['a local `tools` that shadows the SDK', `const tools = { nope: () => 1 }\nreturn tools.nope()`],
    ['arguments spread from a variable', `const base = { path: 'a' }\nreturn await tools.read_file({ ...base })`],
    ['an argument object built elsewhere', `const args = {} as { path: string }\nreturn await tools.read_file(args)`],
    ['an undeclared global', `return process.env.HOME`],
    ['a user type that lies', `interface T { run: string }\nconst t = {} as T\nreturn t.run()`],
    ['an extra key in a user object literal', `const o: { a: number } = { a: 1, b: 2 }\nreturn o`],
    ['non-erasable TypeScript (the runtime refuses it with its own hint)', `enum E { A }\nreturn E.A`],
    [
      'a failing call inside try/catch',
      `try {\n  await tools.nope({})\n  await tools.read_file({})\n} catch (e) {\n  return 'fallback'\n}`,
    ],
    ['a rejection the program handles with .catch', `return await tools.read_file({}).catch(() => 'none')`],
    [
      'a rejection the program handles with .then(_, onRejected)',
      `return await tools.read_file({ pth: 'a' }).then((t) => t, () => '')`,
    ],
    [
      'rejections the program settles',
      `return await Promise.allSettled([tools.read_file({}), tools.write_file({ path: 'a' })])`,
    ],
  ])('%s', (_label, code) => {
    expect(check(code)).toEqual([])
  })

  it('a try without a catch does not handle the failure', () => {
    expect(brief(`try {\n  await tools.nope({})\n} finally {\n  console.log('done')\n}`)).toEqual([
      'unknown-member 2:15',
    ])
  })

  it('a compact SDK (an index signature): no tool name is proven unknown', () => {
    expect(check(`return await tools.raed_file({ pth: 'a' })`, COMPACT_SDK)).toEqual([])
  })
})
