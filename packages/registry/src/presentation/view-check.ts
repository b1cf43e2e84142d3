import { isPlainRecord } from '../schema/path.ts'
import type { ToolCallView, ToolResultSnapshot, ToolResultView } from './views.ts'

const KINDS = new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'other'])

type Rec = Record<string, unknown>

const optString = (v: unknown): boolean => v === undefined || typeof v === 'string'
const optArray = (v: unknown, item: (x: unknown) => boolean): boolean =>
  v === undefined || (Array.isArray(v) && v.every(item))

function isContentBlock(block: unknown): boolean {
  if (!isPlainRecord(block)) return false
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string'
    case 'image':
    case 'audio':
      return typeof block.data === 'string' && typeof block.mimeType === 'string'
    case 'resource':
      return isPlainRecord(block.resource)
    case 'resource_link':
      return typeof block.uri === 'string' && typeof block.name === 'string'
    default:
      return false
  }
}

function isLocation(location: unknown): boolean {
  if (!isPlainRecord(location) || typeof location.path !== 'string') return false
  return location.line === undefined || (Number.isInteger(location.line) && (location.line as number) >= 0)
}

/** True for a well-formed `{ path, oldText: string | null, newText }`. */
export function isFileDiff(diff: unknown): boolean {
  return (
    isPlainRecord(diff) &&
    typeof diff.path === 'string' &&
    typeof diff.newText === 'string' &&
    (diff.oldText === null || typeof diff.oldText === 'string')
  )
}

// why: a view crosses into UI code that switches on `card`; a malformed one must read as "no view",
// and a hostile one (throwing getter) must not escape, so every check runs inside one try.
function safely(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    return false
  }
}

/** True when `view` is a well-formed ToolCallView (generic, terminal or diff card). */
export function isToolCallView(view: unknown): view is ToolCallView {
  return safely(() => {
    if (!isPlainRecord(view) || typeof view.title !== 'string') return false
    const v: Rec = view
    switch (v.card) {
      case 'generic':
        return (
          (v.kind === undefined || KINDS.has(v.kind as string)) &&
          optArray(v.content, isContentBlock) &&
          optArray(v.locations, isLocation)
        )
      case 'terminal':
        return optString(v.description) && optString(v.cwd)
      case 'diff':
        return Array.isArray(v.diffs) && v.diffs.every(isFileDiff) && optArray(v.locations, isLocation)
      default:
        return false
    }
  })
}

/** True when `view` is a well-formed ToolResultView (generic, terminal or diff card). */
export function isToolResultView(view: unknown): view is ToolResultView {
  return safely(() => {
    if (!isPlainRecord(view) || !optString(view.title)) return false
    const v: Rec = view
    switch (v.card) {
      case 'generic':
        return optArray(v.content, isContentBlock)
      case 'terminal':
        return optString(v.output) && optString(v.signal) && (v.exitCode === undefined || Number.isInteger(v.exitCode))
      case 'diff':
        return Array.isArray(v.diffs) && v.diffs.every(isFileDiff)
      default:
        return false
    }
  })
}

/** True when `result` has the `{ content, isError, meta? }` shape presentResult expects. */
export function isToolResultSnapshot(result: unknown): result is ToolResultSnapshot {
  return safely(
    () =>
      isPlainRecord(result) &&
      Array.isArray(result.content) &&
      result.content.every(isContentBlock) &&
      typeof result.isError === 'boolean',
  )
}
