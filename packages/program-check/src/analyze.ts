// One check, in whichever thread holds the language service: proven errors of `code` against
// `sdkText`, positioned in the model's program, all of them at once, in program order.
import ts from 'typescript'
import { excerptAt } from './excerpt.ts'
import { WarmLanguageService } from './language-service.ts'
import { type Finding, ProvenErrors } from './proven.ts'
import { compileWithV8 } from './syntax.ts'
import type { CheckError } from './types.ts'
import { PROGRAM_FILE, ProgramPositions, wrapProgram } from './wrap.ts'

// why: TypeScript's own grammar codes; taken only when V8 refuses the program too.
const isGrammarCode = (code: number): boolean => code >= 1000 && code < 2000

/** Checks programs against SDK texts with one warm language service. */
export class ProgramAnalyzer {
  private readonly warm = new WarmLanguageService()

  /** Every proven error of `code` against `sdkText`; empty when nothing is proven wrong. */
  check(code: string, sdkText: string): CheckError[] {
    this.warm.update(sdkText, wrapProgram(code))
    const service = this.warm.service
    const program = service.getProgram()
    const file = program?.getSourceFile(PROGRAM_FILE)
    if (program === undefined || file === undefined) throw new Error('the language service has no program file')
    const syntactic = service.getSyntacticDiagnostics(PROGRAM_FILE)
    const semantic = service.getSemanticDiagnostics(PROGRAM_FILE)
    const findings: Finding[] = [...this.syntax(file, syntactic, semantic)]
    const proven = new ProvenErrors(file, program.getTypeChecker())
    for (const diagnostic of semantic) {
      const finding = proven.read(diagnostic)
      if (finding !== undefined) findings.push(finding)
      findings.push(...proven.missingProperties(diagnostic))
    }
    return this.position(code, withoutRespelled(findings))
  }

  /**
   * The type of what the program last checked returns (awaited), as TypeScript text that stands
   * alone; undefined when it is `any`, too long, or names a type only that program or SDK declares.
   */
  output(): string | undefined {
    const program = this.warm.service.getProgram()
    const file = program?.getSourceFile(PROGRAM_FILE)
    if (program === undefined || file === undefined) return undefined
    const fn = file.statements.find(ts.isFunctionDeclaration)
    const checker = program.getTypeChecker()
    const signature = fn === undefined ? undefined : checker.getSignatureFromDeclaration(fn)
    if (signature === undefined) return undefined
    const returned = checker.getReturnTypeOfSignature(signature)
    const awaited = checker.getAwaitedType(returned) ?? returned
    if ((awaited.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0) return undefined
    const text = checker.typeToString(awaited, undefined, ts.TypeFormatFlags.NoTruncation)
    return standsAlone(text) ? text : undefined
  }

  private syntax(
    file: ts.SourceFile,
    syntactic: readonly ts.Diagnostic[],
    semantic: readonly ts.Diagnostic[],
  ): Finding[] {
    const verdict = compileWithV8(file)
    if (verdict.kind !== 'refused') return []
    const grammar = syntactic.length > 0 ? syntactic : semantic.filter((d) => isGrammarCode(d.code))
    if (grammar.length === 0) {
      // why: V8 refuses what TypeScript let through (an early error such as a duplicate `let`).
      const start = file.getPositionOfLineAndCharacter(Math.min(verdict.line - 1, file.getLineStarts().length - 1), 0)
      return [
        { class: 'syntax', message: `SyntaxError: ${verdict.message}`, start: start + verdict.column - 1, tsCode: 0 },
      ]
    }
    // why: V8 stops at the first syntax error; what a parser reports after it may be its own recovery.
    const first = grammar.toSorted((a, b) => (a.start ?? 0) - (b.start ?? 0)).slice(0, 1)
    return first.map((d) => ({
      class: 'syntax',
      message: `SyntaxError: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      start: d.start ?? 0,
      tsCode: d.code,
    }))
  }

  private position(code: string, findings: Finding[]): CheckError[] {
    const positions = new ProgramPositions(code)
    const seen = new Set<string>()
    const errors: CheckError[] = []
    for (const finding of findings.toSorted((a, b) => a.start - b.start)) {
      const { line, column } = positions.at(finding.start)
      // why: one mistake can surface as several diagnostics (2345 and 2741 on the same literal).
      const key = `${finding.class}:${line}:${column}:${finding.message}`
      if (seen.has(key)) continue
      seen.add(key)
      errors.push({
        class: finding.class,
        message: finding.message,
        line,
        column,
        excerpt: excerptAt(positions, line, column),
        tsCode: finding.tsCode,
        ...(finding.suggestion === undefined ? {} : { suggestion: finding.suggestion }),
      })
    }
    return errors
  }
}

// why: `{ pth }` for `{ path }` is one mistake: the unknown key with its suggestion says it all, so
// the missing-argument finding of the same literal goes when every name it lists was suggested.
function withoutRespelled(findings: Finding[]): Finding[] {
  return findings.filter((finding) => {
    if (finding.class !== 'missing-argument' || finding.missing === undefined) return true
    const suggested = new Set(
      findings
        .filter((other) => other.class === 'unknown-property' && other.literal === finding.literal)
        .map((other) => other.suggestion),
    )
    return !finding.missing.every((name) => suggested.has(name))
  })
}

// why: a saved program's output type is shown where the program's own interfaces and the SDK's
// aliases may not be (another prompt, the compact section), so only self-contained text is kept.
const GLOBAL_TYPES = new Set(['Array', 'ReadonlyArray', 'Record', 'Promise', 'Partial', 'Readonly'])
const MAX_OUTPUT_CHARS = 2_000

function standsAlone(text: string): boolean {
  if (text.length > MAX_OUTPUT_CHARS) return false
  const withoutStrings = text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
  if (/\b(?:any|typeof|import)\b/.test(withoutStrings)) return false
  for (const [name] of withoutStrings.matchAll(/\b[A-Z_$][A-Za-z0-9_$]*\b/g)) if (!GLOBAL_TYPES.has(name)) return false
  return true
}
