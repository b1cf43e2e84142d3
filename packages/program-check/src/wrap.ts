// The program as the checker's TypeScript sees it: the body of an async function, the head on a
// line of its own, exactly as the runtime wraps it, so every position maps back by one subtraction.

/** The file name of the wrapped program inside the checker's language service. */
export const PROGRAM_FILE = '/program.ts'
// why: a declaration, not the runtime's function expression, so the file is a plain script; the
// body parses the same either way.
const HEAD = 'async function __isocode_program__() {\n'
const TAIL = '\n}\n'
// why: V8's line terminators, so line N here is line N of the position the runtime would report.
const LINES = /\r\n|[\n\r\u2028\u2029]/g

/** The text TypeScript checks for `code`. */
export function wrapProgram(code: string): string {
  return `${HEAD}${code}${TAIL}`
}

/** A 1-based line and column in the model's program. */
export interface Position {
  line: number
  column: number
}

/** Maps offsets of the wrapped file to the model's line:column. */
export class ProgramPositions {
  private readonly starts: number[] = [0]

  constructor(readonly code: string) {
    for (const match of code.matchAll(LINES)) this.starts.push(match.index + match[0].length)
  }

  /** The position of offset `wrapped` of {@link wrapProgram}'s text, clamped into the program. */
  at(wrapped: number): Position {
    const offset = Math.min(Math.max(0, wrapped - HEAD.length), this.code.length)
    let low = 0
    let high = this.starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((this.starts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return { line: low + 1, column: offset - (this.starts[low] ?? 0) + 1 }
  }

  /** The text of line `line` (1-based), without its terminator. */
  lineText(line: number): string | undefined {
    const start = this.starts[line - 1]
    if (start === undefined) return undefined
    const next = this.starts[line]
    const raw = this.code.slice(start, next ?? this.code.length)
    return raw.replace(/(\r\n|[\n\r\u2028\u2029])$/, '')
  }
}
