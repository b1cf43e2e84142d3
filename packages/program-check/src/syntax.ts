// Syntax errors, proven by V8: the program with its types blanked out (ts-blank-space, positions
// kept) is compiled, never run, in this thread's V8 — the engine the runtime's isolates use.
import { Script } from 'node:vm'
import { blankSourceFile } from 'ts-blank-space'
import type ts from 'typescript'

/** What V8 says of the wrapped program: compiles, refuses (1-based line:column of the wrapped file) or cannot tell. */
export type V8Verdict =
  | { kind: 'compiles' }
  | { kind: 'refused'; message: string; line: number; column: number }
  | { kind: 'unknown' }

/**
 * Compile `file` (the wrapped program) as the runtime would. `unknown` when it holds syntax that is
 * not erasable (enum, namespace, …): the runtime refuses those itself, with its own hint.
 */
export function compileWithV8(file: ts.SourceFile): V8Verdict {
  let erasable = true
  const js = blankSourceFile(file, () => {
    erasable = false
  })
  if (!erasable) return { kind: 'unknown' }
  try {
    // why: compiled only (a Script is never run here), so a hostile program cannot do anything.
    const script = new Script(js, { filename: 'program.js' })
    void script
    return { kind: 'compiles' }
  } catch (error) {
    if (!(error instanceof SyntaxError)) return { kind: 'unknown' }
    return { kind: 'refused', message: error.message, ...stackPosition(String(error.stack)) }
  }
}

// why: V8 puts `file:line`, the source line and a caret line at the head of a SyntaxError's stack.
function stackPosition(stack: string): { line: number; column: number } {
  const [where = '', , caret = ''] = stack.split('\n')
  const line = Number(/:(\d+)$/.exec(where)?.[1] ?? 1)
  const column = caret.indexOf('^') + 1
  return { line, column: column > 0 ? column : 1 }
}
