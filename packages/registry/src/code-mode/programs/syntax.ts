// The syntax check a program to save gets when the warm checker could not answer (still starting,
// crashed): TypeScript's parser (loaded here, on first use: RT-67), then V8 compiling (never running) the emitted JavaScript, here.
import { Script } from 'node:vm'
import { compiler } from './compiler.ts'

// why: the body of an async function, as the runtime runs it; the head on a line of its own.
const HEAD = 'async function __isocode_program__() {\n'
const TAIL = '\n}\n'

/** Why `code` (an async function body) does not parse, with its line:column, or undefined when it does. */
export function syntaxProblem(code: string): string | undefined {
  const wrapped = `${HEAD}${code}${TAIL}`
  const ts = compiler()
  const out = ts.transpileModule(wrapped, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext },
  })
  const first = out.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error)
  if (first !== undefined && first.file !== undefined && first.start !== undefined) {
    const at = first.file.getLineAndCharacterOfPosition(first.start)
    // why: a program that ends too early is refused at the wrapper's closing line: its last line, at its end.
    const lines = code.split(/\r\n|[\n\r\u2028\u2029]/)
    const past = at.line > lines.length
    const line = past ? lines.length : at.line
    const column = past ? (lines.at(-1)?.length ?? 0) + 1 : at.character + 1
    return `SyntaxError: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')} (at ${line}:${column})`
  }
  try {
    // why: compiled only (a Script is never run here), so a hostile program cannot do anything.
    void new Script(out.outputText, { filename: 'program.js' })
  } catch (error) {
    if (error instanceof SyntaxError) return `SyntaxError: ${error.message}`
  }
  return undefined
}
