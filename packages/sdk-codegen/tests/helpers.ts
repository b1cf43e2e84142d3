// Shared test helpers: fixture loading, and TypeScript-API checks of rendered declarations.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import type { ToolSchema } from '@isocode/sdk-codegen'

const here = dirname(fileURLToPath(import.meta.url))

/** Absolute path of `fixtures/tools`. */
export const toolsDir = join(here, '..', '..', '..', 'fixtures', 'tools')

/** Absolute path of this package's golden files. */
export const goldenDir = join(here, '__golden__')

/** Every `fixtures/tools/*.json` set, by file name without extension, in sorted order. */
export function loadToolSets(): Array<{ name: string; tools: ToolSchema[] }> {
  return readdirSync(toolsDir)
    .filter((f) => f.endsWith('.json'))
    .toSorted()
    .map((f) => ({
      name: f.slice(0, -'.json'.length),
      tools: JSON.parse(readFileSync(join(toolsDir, f), 'utf8')) as ToolSchema[],
    }))
}

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  types: [],
  skipLibCheck: false,
  skipDefaultLibCheck: true,
}

// why: one CompilerHost whose lib files are parsed once, so checking many files stays fast.
const baseHost = ts.createCompilerHost(options)
const libCache = new Map<string, ts.SourceFile | undefined>()

/**
 * Type-check in-memory files together (as scripts or modules, as written) and return every
 * diagnostic as `file(line,col): message`.
 */
export function typecheck(files: Record<string, string>): string[] {
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (f) => Object.hasOwn(files, f) || baseHost.fileExists(f),
    readFile: (f) => (Object.hasOwn(files, f) ? files[f] : baseHost.readFile(f)),
    getSourceFile: (f, languageVersion) => {
      const text = files[f]
      if (text !== undefined) return ts.createSourceFile(f, text, languageVersion, true)
      if (!libCache.has(f)) libCache.set(f, baseHost.getSourceFile(f, languageVersion))
      return libCache.get(f)
    },
  }
  const program = ts.createProgram(Object.keys(files), options, host)
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    if (d.file === undefined || d.start === undefined) return message
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
    return `${d.file.fileName}(${line + 1},${character + 1}): ${message}`
  })
}

/** The member names of `declare const tools: { ... }`, as TypeScript itself reads them. */
export function toolMemberNames(declaration: string): string[] {
  const file = ts.createSourceFile('sdk.d.ts', declaration, ts.ScriptTarget.ES2022, true)
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'tools') continue
      if (decl.type === undefined || !ts.isTypeLiteralNode(decl.type)) return []
      return decl.type.members.map((m) => {
        const name = m.name
        if (name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name))) return name.text
        return `<unsupported ${name === undefined ? 'member' : ts.SyntaxKind[name.kind]}>`
      })
    }
  }
  return []
}
