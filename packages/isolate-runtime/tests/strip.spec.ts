import { stripProgram } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, echo, ns, run } from './helpers.ts'

const refused: Array<[string, string, RegExp]> = [
  ['enum', 'const a = 1\nenum Color { Red }', /^enum at 2:1 .*as const/],
  ['namespace', 'namespace N { export const x = 1 }', /^namespace at 1:1 /],
  ['module', '\n  module M { export const x = 1 }', /^namespace at 2:3 /],
  ['parameter property', 'class A { constructor(private x: number) {} }', /^constructor parameter property at 1:23 /],
  [
    'readonly parameter property',
    'class A { constructor(readonly x: number) {} }',
    /^constructor parameter property at 1:23 /,
  ],
  ['import = require', 'import fs = require("fs")', /^`import x = require\(\)` at 1:1 /],
  ['export =', 'export = 1', /^`export =` at 1:1 /],
  ['<T>x assertion', 'const x = 1\nconst y = <number>x', /^`<T>value` type assertion at 2:11 .*as T/],
  ['as inside ?? and &&', 'const a: any = 1\nreturn a ?? a as any && a', /^`as` between .* at 2:13 /],
]

describe('stripProgram', () => {
  it.each(refused)('refuses %s with line:col and a fix', (_name, source, message) => {
    const result = stripProgram(source)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toMatch(message)
  })

  it('keeps every line and column of erasable TypeScript', () => {
    const source = 'const a: Array<number> = [1]\ninterface P { x: number }\nreturn (a as number[]).length'
    const result = stripProgram(source)
    expect(result.ok && result.code.split('\n').map((l) => l.length)).toEqual(source.split('\n').map((l) => l.length))
  })
})

describe('positions in a run', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    app = await boot({ poolSize: 1 })
  })
  afterAll(() => app.dispose())

  it('reports runtime errors after stripped types at the model line:col', async () => {
    const program = 'type T = { a: number }\nconst v: T = { a: 1 } as T\nif (v.a) {\n    (null as any as T).a\n}'
    const result = await run(app.runtime, program)
    expect(result.error).toEqual({ kind: 'exception', message: expect.stringMatching(/TypeError: .* \(at 4:24\)$/) })
  })

  it('reports syntax errors at the model line:col', async () => {
    const result = await run(app.runtime, 'const a: number = 1\nconst b = a +* 2')
    expect(result.error).toEqual({ kind: 'exception', message: expect.stringMatching(/^SyntaxError: .*\(at 2:14\)$/) })
  })

  it('never touches the isolate for a refused construct', async () => {
    const calls: unknown[] = []
    const probe = ns('tools', { probe: (args) => (calls.push(args), echo(args)) })
    const result = await run(app.runtime, 'await tools.probe({})\nenum E { A }', [probe])
    expect(result.error?.message).toMatch(/enum at 2:1/)
    expect(calls).toEqual([])
  })
})
