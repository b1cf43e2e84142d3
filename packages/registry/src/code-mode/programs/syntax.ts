// The syntax check a program to save gets when the warm checker could not answer (still starting,
// crashed): TypeScript's parser, then V8 compiling (never running) the emitted JavaScript, here.
import { Script } from 'node:vm'
import ts from 'typescript'

// why: the body of an async function, as the runtime runs it; the head on a line of its own.
const HEAD = 'async function __isocode_program__() {\n'
const TAIL = '\n}\n'

/** Why `code` (an async function body) does not parse, with its line:column, or undefined when it does. */
export function syntaxProblem(code: string): string | undefined {
  const wrapped = `${HEAD}${code}${TAIL}`
  const out = ts.transpileModule(wrapped, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext },
  })
  const first = out.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error)
  if (first !== undefined && first.file !== undefined && first.start !== undefined) {
    const { line, character } = first.file.getLineAndCharacterOfPosition(first.start)
    return `SyntaxError: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')} (at ${line}:${character + 1})`
  }
  try {
    // why: compiled only (a Script is never run here), so a hostile program cannot do anything.
    void new Script(out.outputText, { filename: 'program.js' })
  } catch (error) {
    if (error instanceof SyntaxError) return `SyntaxError: ${error.message}`
  }
  return undefined
}
