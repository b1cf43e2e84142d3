import { blankSourceFile } from 'ts-blank-space'
import ts from 'typescript'
import { PROGRAM_FILE } from '../guest/program-file.ts'

/** Outcome of {@link stripProgram}: JavaScript with the same positions, or a positioned refusal. */
export type StripResult = { ok: true; code: string } | { ok: false; message: string }

// why: ts-blank-space leaves non-erasable syntax in place and only reports it; each kind gets a
// name and a fix the model can apply on its next attempt.
const HINTS: ReadonlyMap<ts.SyntaxKind, [construct: string, fix: string]> = new Map([
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

const OPTIONS: ts.CreateSourceFileOptions = {
  languageVersion: ts.ScriptTarget.ESNext,
  impliedNodeFormat: ts.ModuleKind.ESNext,
}

/**
 * Strip TypeScript types with ts-blank-space, keeping every line and column. Any construct that
 * is not erasable (enum, namespace, parameter properties, …) is refused with its line:col and a fix.
 */
export function stripProgram(source: string): StripResult {
  const file = ts.createSourceFile(PROGRAM_FILE, source, OPTIONS, false, ts.ScriptKind.TS)
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
