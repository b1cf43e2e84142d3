import type { JsonValue } from '@isocode/code-runtime'
import type { ContentBlock } from '../content.ts'

/** A file a call reads or modifies, so a capable UI can follow along. */
export interface ToolLocation {
  path: string
  line?: number
}

/** One file change: `oldText: null` means the file is new. */
export interface FileDiff {
  path: string
  oldText: string | null
  newText: string
}

/** The icon/treatment hint of a generic call card. */
export type ToolKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'other'

/** The pending-state render intent a tool returns from `presentCall`. */
export type ToolCallView =
  | {
      card: 'generic'
      title: string
      kind?: ToolKind
      rawInput?: JsonValue
      content?: ContentBlock[]
      locations?: ToolLocation[]
    }
  | { card: 'terminal'; title: string; description?: string; cwd?: string }
  | { card: 'diff'; title: string; diffs: FileDiff[]; locations?: ToolLocation[] }

/** The completed-state render intent a tool returns from `presentResult`. */
export type ToolResultView =
  | { card: 'generic'; title?: string; content?: ContentBlock[] }
  | { card: 'terminal'; title?: string; output?: string; exitCode?: number; signal?: string }
  | { card: 'diff'; title?: string; diffs: FileDiff[] }

/** What `presentResult` receives as its second argument. */
export interface ToolResultSnapshot {
  content: readonly ContentBlock[]
  isError: boolean
  meta?: JsonValue
}
