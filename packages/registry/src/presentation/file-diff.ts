import { showValue } from '@isocode/code-runtime'
import { structuredPatch } from 'diff'
import type { FileDiff } from './views.ts'

/**
 * One applied hunk: 1-based start lines (for an empty side, the line it precedes), line counts, and
 * the exact before/after snippets including context.
 */
export interface TextHunk {
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  oldText: string
  newText: string
}

/** How hunks are cut: lines of context around each change, and the edit budget of the line diff. */
export interface FileDiffOptions {
  /** Unchanged lines kept around each change (default 3). */
  context?: number
  /** Past this many line edits the diff gives up and a whole-file diff is used (default 4096). */
  maxEditLength?: number
}

function option(options: FileDiffOptions, key: keyof FileDiffOptions, fallback: number): number {
  const value = options[key] ?? fallback
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`FileDiffOptions.${key} must be a non-negative integer (got ${showValue(value)})`)
  }
  return value
}

/**
 * The hunks that turn `before` into `after` (jsdiff line diff), each with `context` unchanged lines
 * around it; `[]` when equal, undefined when the diff exceeds `maxEditLength`.
 */
export function textHunks(before: string, after: string, options: FileDiffOptions = {}): TextHunk[] | undefined {
  const context = option(options, 'context', 3)
  const maxEditLength = option(options, 'maxEditLength', 4096)
  if (before === after) return []
  const patch = structuredPatch('', '', before, after, undefined, undefined, { context, maxEditLength })
  if (patch === undefined) return undefined
  return patch.hunks.map((hunk) => {
    let oldText = ''
    let newText = ''
    const { lines } = hunk
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string
      const marker = line[0]
      if (marker === '\\') continue
      // why: "\ No newline at end of file" after a line means that line has no line break.
      const text = line.slice(1) + (lines[i + 1]?.startsWith('\\') ? '' : '\n')
      if (marker !== '+') oldText += text
      if (marker !== '-') newText += text
    }
    return {
      oldStart: hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newStart,
      newLines: hunk.newLines,
      oldText,
      newText,
    }
  })
}

/** A one-entry whole-file diff; `before: null` marks a file create. */
export function wholeFileDiff(path: string, before: string | null, after: string): FileDiff {
  return { path, oldText: before, newText: after }
}

/**
 * The FileDiff[] of a diff card: the applied hunks with context when there is a before-image, a
 * whole-file diff with `oldText: null` for a create (or when the change is too large to cut).
 */
export function fileDiffs(
  path: string,
  before: string | null,
  after: string,
  options: FileDiffOptions = {},
): FileDiff[] {
  if (before === null) return [wholeFileDiff(path, null, after)]
  const hunks = textHunks(before, after, options)
  if (hunks === undefined) return [wholeFileDiff(path, before, after)]
  return hunks.map((hunk) => ({ path, oldText: hunk.oldText, newText: hunk.newText }))
}
