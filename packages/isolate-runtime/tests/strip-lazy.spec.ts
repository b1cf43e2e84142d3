// The TypeScript compiler loads only for a program that needs ts-blank-space (RT-67), and the
// faster paths give what ts-blank-space gives (RT-68). One file, so the module cache is this file's.
import { createRequire } from 'node:module'
import { stripProgram } from '@isocode/isolate-runtime'
import { blankSpaceStrip, hasNodeStripper } from '@isocode/isolate-runtime/internal'
import { expect, it } from 'vitest'

const cache = createRequire(import.meta.url).cache
const compilerLoaded = (): boolean =>
  Object.keys(cache).some((path) => /[\\/]typescript[\\/]lib[\\/]typescript\.js$/.test(path))

it('keeps a program with no type syntax as it is, without loading the TypeScript compiler', () => {
  expect(compilerLoaded()).toBe(false)
  const program =
    'const xs = [3, 1, 2]\nconst sorted = xs.toSorted((a, b) => a - b)\nreturn { sorted, n: await tools.count({}) }'
  expect(stripProgram(program)).toEqual({ ok: true, code: program })
  expect(stripProgram('return 1')).toEqual({ ok: true, code: 'return 1' })
  // why: `f<T>(x)` is also JavaScript (two comparisons), so a `<` always goes to a stripper.
  expect(stripProgram('const f = (x) => x\nconst T = 1\nreturn f<T>(2)')).toEqual({
    ok: true,
    code: 'const f = (x) => x\nconst T = 1\nreturn f   (2)',
  })
  expect(compilerLoaded()).toBe(!hasNodeStripper())
})

it('erases types where Node strips without loading the compiler, and keeps positions', () => {
  const program = 'interface P { x: number }\nconst p: P = { x: 1 }\nreturn (p as P).x'
  const result = stripProgram(program)
  expect(result).toEqual(blankSpaceStrip(program))
  expect(result.ok && result.code.length).toBe(program.length)
})

it('gives the refusal and the `;` of ts-blank-space where Node would erase them', () => {
  // why: Node's stripper erases the `;` that ends the alias, which would join `f()` and `[1]`.
  const joined = 'const f = () => [0, 7]\nf()\ntype A = 1\n;[1].length'
  expect(stripProgram(joined)).toEqual(blankSpaceStrip(joined))
  const kept = stripProgram(joined)
  expect(kept.ok && kept.code.slice(0, kept.code.indexOf('[1]')).trimEnd().endsWith(';')).toBe(true)
  const mixed = 'const a: any = 1\nreturn a ?? a as any && a'
  expect(stripProgram(mixed)).toEqual({ ok: false, message: expect.stringMatching(/^`as` between .* at 2:13 /) })
  expect(compilerLoaded()).toBe(true)
})
