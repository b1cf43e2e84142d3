// The code frame of one error: the program line, a gutter with its number and a caret under the
// column, in the shape the registry shows under runtime errors.
import type { ProgramPositions } from './wrap.ts'

/** The widest slice of a program line an excerpt quotes. */
const FRAME_WIDTH = 120

/** Line `line` of the program with a caret under `column`; empty when the line does not exist. */
export function excerptAt(positions: ProgramPositions, line: number, column: number): string {
  const text = positions.lineText(line)
  if (text === undefined) return ''
  const col = Math.min(Math.max(1, column), text.length + 1)
  let start = 0
  if (text.length > FRAME_WIDTH) start = Math.min(Math.max(0, col - 1 - FRAME_WIDTH / 2), text.length - FRAME_WIDTH)
  const end = Math.min(text.length, start + FRAME_WIDTH)
  const head = start > 0 ? '…' : ''
  const shown = head + text.slice(start, end) + (end < text.length ? '…' : '')
  // why: tabs stay tabs, so the caret lines up under the same character in any tab width.
  const pad = (head + text.slice(start, col - 1)).replace(/[^\t]/g, ' ')
  const gutter = String(line)
  return `${gutter} | ${shown}\n${' '.repeat(gutter.length)} | ${pad}^`
}
