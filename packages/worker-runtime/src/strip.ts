import { blankSourceFile } from 'ts-blank-space'
import ts from 'typescript'

/** Text put before the program on its first line, so top-level await/return parse and lines stay aligned. */
export const PROGRAM_PREFIX = '(async () => {'
/** Text put after the program. */
export const PROGRAM_SUFFIX = '\n})()'

/** A stripped program ready to evaluate, or why the TypeScript cannot be erased. */
export type StripResult = { ok: true; code: string } | { ok: false; message: string }

const HINTS: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.EnumDeclaration]: 'enum is not erasable; use an `as const` object instead',
  [ts.SyntaxKind.ModuleDeclaration]: 'a value namespace is not erasable; use a plain object instead',
  [ts.SyntaxKind.Parameter]: 'a constructor parameter property is not erasable; declare the field and assign it',
  [ts.SyntaxKind.ImportEqualsDeclaration]: '`import x = require()` is not erasable; use a plain const',
  [ts.SyntaxKind.ExportAssignment]: '`export =` is not erasable; return the value instead',
  [ts.SyntaxKind.TypeAssertionExpression]: 'a `<T>x` assertion is not erasable; write `x as T`',
}

/** Line:col (1-based) in the model's program of a position in the wrapped text. */
export function programPosition(line: number, column: number): string {
  return `${line}:${line === 1 ? Math.max(1, column - PROGRAM_PREFIX.length) : column}`
}

/**
 * Wrap the program as the body of an async arrow on the same line and erase its types with
 * ts-blank-space; any construct it cannot erase is a positioned refusal with a fix hint.
 */
export function stripProgram(program: string): StripResult {
  const refusals: string[] = []
  const text = `${PROGRAM_PREFIX}${program}${PROGRAM_SUFFIX}`
  const file = ts.createSourceFile('program.ts', text, ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS)
  const code = blankSourceFile(file, (node) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file))
    const hint = HINTS[node.kind] ?? `${ts.SyntaxKind[node.kind]} is not erasable TypeScript`
    refusals.push(`TypeScript ${hint} (at ${programPosition(line + 1, character + 1)})`)
  })
  return refusals.length === 0 ? { ok: true, code } : { ok: false, message: refusals.join('\n') }
}
