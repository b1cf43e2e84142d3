// The code frame of one error: the program line, a gutter with its number and a caret under the
// column, in the shape the registry shows under runtime errors.
import type { ProgramPositions } from './wrap.ts'

/** The widest slice of a program line a code frame quotes (the whole failure text stays small). */
export const FRAME_WIDTH = 120

/**
 * `text`, line `line` of a program, with a gutter holding the line number and a caret under
 * `column` (1-based, within the line or just past it): at most {@link FRAME_WIDTH} characters
 * around the column, tabs kept so the caret lines up in any tab width.
 */
export function frameLine(text: string, line: number, column: number): string {
  let start = 0
  if (text.length > FRAME_WIDTH) start = Math.min(Math.max(0, column - 1 - FRAME_WIDTH / 2), text.length - FRAME_WIDTH)
  const end = Math.min(text.length, start + FRAME_WIDTH)
  const head = start > 0 ? '…' : ''
  const shown = head + text.slice(start, end) + (end < text.length ? '…' : '')
  const pad = (head + text.slice(start, column - 1)).replace(/[^\t]/g, ' ')
  const gutter = String(line)
  return `${gutter} | ${shown}\n${' '.repeat(gutter.length)} | ${pad}^`
}

/** Line `line` of the program with a caret under `column`; empty when the line does not exist. */
export function excerptAt(positions: ProgramPositions, line: number, column: number): string {
  const text = positions.lineText(line)
  if (text === undefined) return ''
  return frameLine(text, line, Math.min(Math.max(1, column), text.length + 1))
}
