// What the model reads when its program failed: the runtime's message, the program line it points
// at with a caret under the column, and for a call of a missing member the closest tool names.
import { frameLine } from '@isocode/program-check'
import { closestNames } from '@isocode/sdk-codegen'
import { accessor } from './discovery.ts'

export { FRAME_WIDTH } from '@isocode/program-check'

const POSITION = /\(at (\d+):(\d+)\)/
// why: V8 line terminators, so line N here is line N of the position V8 reported.
const LINES = /\r\n|[\n\r\u2028\u2029]/
const MISSING_MEMBER = /\btools\.(\S+?) is not a function/

/**
 * The line `line` (1-based) of `program` with a caret under column `column` (1-based): a gutter
 * with the line number, at most {@link FRAME_WIDTH} characters around the column, tabs kept so
 * the caret lines up. Undefined when the position is outside the program.
 */
export function codeFrame(program: string, line: number, column: number): string | undefined {
  const text = program.split(LINES)[line - 1]
  if (text === undefined || column < 1 || column > text.length + 1) return undefined
  return frameLine(text, line, column)
}

/** The first `(at line:col)` of `message` as a code frame of `program`, if there is one. */
export function frameFor(message: string, program: string): string | undefined {
  const at = POSITION.exec(message)
  return at === null ? undefined : codeFrame(program, Number(at[1]), Number(at[2]))
}

/** For "tools.x is not a function" when x is no tool: the closest names (up to 3). */
export function missingMemberHint(message: string, names: readonly string[]): string | undefined {
  const missing = MISSING_MEMBER.exec(message)?.[1]
  if (missing === undefined || names.includes(missing)) return undefined
  const near = closestNames(missing, names)
  const hint =
    near.length === 0
      ? 'find tools with tools.$search("words")'
      : `did you mean ${near.map((n) => `tools${accessor(n)}`).join(', ')}?`
  return `There is no tool named ${JSON.stringify(missing)}; ${hint}`
}

/** The failure text of a run: `message`, then the code frame it points at, then a member hint. */
export function explainProgramError(message: string, program: string, names: readonly string[]): string {
  return [message, frameFor(message, program), missingMemberHint(message, names)]
    .filter((part) => part !== undefined)
    .join('\n')
}
