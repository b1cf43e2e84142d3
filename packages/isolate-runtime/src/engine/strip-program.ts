import { createRequire } from 'node:module'
import type * as TsBlankSpace from 'ts-blank-space'
import type ts from 'typescript'
import { PROGRAM_FILE } from '../guest/program-file.ts'
import { nodeStrip } from './node-strip.ts'
import { compiles, isPlainJavaScript } from './plain-program.ts'

/** Outcome of {@link stripProgram}: JavaScript with the same positions, or a positioned refusal. */
export type StripResult = { ok: true; code: string } | { ok: false; message: string }

// why: ts-blank-space leaves non-erasable syntax in place and only reports it; each kind gets a
// name and a fix the model can apply on its next attempt.
function hints(ts: typeof import('typescript')): ReadonlyMap<ts.SyntaxKind, [construct: string, fix: string]> {
  return new Map([
    [ts.SyntaxKind.EnumDeclaration, ['enum', 'use an `as const` object instead']],
    [ts.SyntaxKind.ModuleDeclaration, ['namespace', 'use a plain object or top-level functions instead']],
    [
      ts.SyntaxKind.ImportEqualsDeclaration,
      ['`import x = require()`', 'programs cannot import modules; use the provided globals'],
    ],
    [ts.SyntaxKind.ExportAssignment, ['`export =`', 'programs export nothing; `return` the value instead']],
    [ts.SyntaxKind.TypeAssertionExpression, ['`<T>value` type assertion', 'write `value as T` instead']],
    [ts.SyntaxKind.AsExpression, ['`as` between `??` and `&&`/`||`', 'wrap the asserted operand in parentheses']],
    [ts.SyntaxKind.SatisfiesExpression, ['`satisfies` between `??` and `&&`/`||`', 'wrap the operand in parentheses']],
    [
      ts.SyntaxKind.PublicKeyword,
      ['constructor parameter property', 'declare the field and assign it in the constructor'],
    ],
    [
      ts.SyntaxKind.PrivateKeyword,
      ['constructor parameter property', 'declare the field and assign it in the constructor'],
    ],
    [
      ts.SyntaxKind.ProtectedKeyword,
      ['constructor parameter property', 'declare the field and assign it in the constructor'],
    ],
    [
      ts.SyntaxKind.ReadonlyKeyword,
      ['constructor parameter property', 'declare the field and assign it in the constructor'],
    ],
    [
      ts.SyntaxKind.OverrideKeyword,
      ['constructor parameter property', 'declare the field and assign it in the constructor'],
    ],
  ])
}

interface BlankSpace {
  ts: typeof import('typescript')
  blankSourceFile: typeof TsBlankSpace.blankSourceFile
  hints: ReadonlyMap<ts.SyntaxKind, [construct: string, fix: string]>
  options: ts.CreateSourceFileOptions
}
let loaded: BlankSpace | undefined

// why: RT-67 — the TypeScript compiler is most of the package's load time; it loads on the first
// program that needs ts-blank-space, never on import or start.
function blankSpace(): BlankSpace {
  if (loaded !== undefined) return loaded
  const require = createRequire(import.meta.url)
  const ts = require('typescript') as typeof import('typescript')
  const { blankSourceFile } = require('ts-blank-space') as typeof TsBlankSpace
  const options: ts.CreateSourceFileOptions = {
    languageVersion: ts.ScriptTarget.ESNext,
    impliedNodeFormat: ts.ModuleKind.ESNext,
  }
  loaded = { ts, blankSourceFile, hints: hints(ts), options }
  return loaded
}

/**
 * Strip TypeScript types, keeping every line and column: a program with no type syntax is kept
 * as it is, Node's own stripper erases the rest where the running Node has one, and ts-blank-space
 * everything else. A construct that is not erasable (enum, namespace, parameter properties, …) is
 * refused with its line:col and a fix.
 */
export function stripProgram(source: string): StripResult {
  if (isPlainJavaScript(source)) return { ok: true, code: source }
  const code = nodeStrip(source)
  // why: text Node stripped that is no JavaScript (e.g. `a ?? b as T && c`) goes to ts-blank-space,
  // which names the construct and its fix, so the model reads the same refusal on every Node line.
  return code !== undefined && compiles(code) ? { ok: true, code } : blankSpaceStrip(source)
}

/** {@link stripProgram} with ts-blank-space alone: the reference the other paths are held to (RT-68). */
export function blankSpaceStrip(source: string): StripResult {
  const { ts, blankSourceFile, hints: HINTS, options } = blankSpace()
  const file = ts.createSourceFile(PROGRAM_FILE, source, options, false, ts.ScriptKind.TS)
  const refusals: string[] = []
  const code = blankSourceFile(file, (node) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file))
    const [construct, fix] = HINTS.get(node.kind) ?? [
      `\`${ts.SyntaxKind[node.kind]}\``,
      'rewrite it as plain JavaScript',
    ]
    refusals.push(`${construct} at ${line + 1}:${character + 1} is not erasable TypeScript; ${fix}`)
  })
  if (refusals.length > 0) return { ok: false, message: `${refusals.join('; ')}` }
  return { ok: true, code }
}
