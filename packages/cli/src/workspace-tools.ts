import { open, readFile, stat } from 'node:fs/promises'
import { defineTool } from '@isocode/registry'
import type { ToolDefinition } from '@isocode/registry'
import { counted } from './counted.ts'
import { linePattern } from './line-pattern.ts'
import { Workspace, WorkspaceError } from './workspace-fs.ts'

const MAX_LIST = 2_000
const MAX_READ = 1_000_000
const SEARCH_FILE_LIMIT = 1_000_000
// why: a long search hands the host thread back after this much time or line text (whichever
// comes first), so other runs are answered meanwhile.
const SEARCH_SLICE_MS = 10
const SEARCH_SLICE_CHARS = 32_768
// why: one synchronous match costs time linear in what it reads; a long line (a minified file) is
// matched in windows, so the host is handed back between windows as it is between lines.
const LINE_WINDOW = 16_384
const WINDOW_OVERLAP = 1_024

const listOutput = {
  type: 'object',
  properties: {
    files: {
      type: 'array',
      items: { type: 'string' },
      description: 'Paths relative to the workspace root; folders end with "/"',
    },
    truncated: { type: 'boolean', description: 'True when the limit cut the listing short' },
  },
  required: ['files', 'truncated'],
}

const searchOutput = {
  type: 'object',
  properties: {
    matches: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          line: { type: 'integer', description: '1-based line number' },
          text: { type: 'string' },
        },
        required: ['path', 'line', 'text'],
      },
    },
    truncated: { type: 'boolean', description: 'True when maxResults cut the search short' },
  },
  required: ['matches', 'truncated'],
}

const structured = (value: { [key: string]: unknown }) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value) }],
  structuredContent: value as never,
})

async function isBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0)
    return buffer.subarray(0, bytesRead).includes(0)
  } finally {
    await handle.close()
  }
}

function matcher(pattern: string, regex: boolean): (line: string) => boolean {
  if (regex) return linePattern(pattern)
  const needle = pattern.toLowerCase()
  return (line) => line.toLowerCase().includes(needle)
}

const yieldToHost = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The parts of a line one match reads: the line itself, or windows of {@link LINE_WINDOW}
 * characters that overlap by {@link WINDOW_OVERLAP}, so a match up to that long is never split.
 */
export function* lineWindows(line: string): Generator<string> {
  if (line.length <= LINE_WINDOW) {
    yield line
    return
  }
  for (let start = 0; ; start += LINE_WINDOW - WINDOW_OVERLAP) {
    yield line.slice(start, start + LINE_WINDOW)
    if (start + LINE_WINDOW >= line.length) return
  }
}

/**
 * The read-only workspace toolset over `dir`: list_files, read_file and search_text, each
 * confined to the folder (no `..`, absolute or symlink escapes). list_files and search_text
 * return typed values; read_file returns the file's text.
 */
export async function workspaceTools(dir: string): Promise<ToolDefinition[]> {
  const ws = await Workspace.open(dir)
  const listFiles = defineTool({
    name: 'list_files',
    description:
      'List files and folders under a folder of the workspace (folders end with "/"; node_modules, dist and dot-folders are skipped).',
    parameters: {
      path: { type: 'string', description: 'Folder relative to the workspace root (default ".")' },
      recursive: { type: 'boolean', description: 'Descend into sub-folders (default false)' },
      limit: { type: 'integer', description: `Most entries to return (default 200, at most ${MAX_LIST})` },
    },
    async execute(args) {
      const dirPath = await ws.resolve(args.path ?? '.')
      if (!(await ws.isDirectory(dirPath)))
        throw new WorkspaceError(`"${args.path}" is a file, not a folder; read it with read_file`, 'NOT_A_FOLDER')
      const limit = Math.min(Math.max(1, args.limit ?? 200), MAX_LIST)
      const files: string[] = []
      for await (const entry of ws.walk(dirPath, args.recursive === true)) {
        if (files.length === limit) return structured({ files, truncated: true })
        files.push(entry.path)
      }
      return structured({ files, truncated: false })
    },
  })
  const readTextFile = defineTool({
    name: 'read_file',
    description: 'Read a UTF-8 text file of the workspace.',
    parameters: {
      path: { type: 'string', required: true, description: 'File path relative to the workspace root' },
      maxBytes: { type: 'integer', description: `Read at most this many bytes (default 100000, at most ${MAX_READ})` },
    },
    async execute(args) {
      const path = await ws.resolve(args.path)
      if (await ws.isDirectory(path))
        throw new WorkspaceError(`"${args.path}" is a folder; list it with list_files`, 'NOT_A_FILE')
      const max = Math.min(Math.max(1, args.maxBytes ?? 100_000), MAX_READ)
      const size = (await stat(path)).size
      const bytes = await readFile(path)
      const text = bytes.subarray(0, max).toString('utf8')
      return [{ type: 'text', text: size > max ? `${text}\n[truncated: ${counted(size - max, 'more byte')}]` : text }]
    },
  })
  const searchText = defineTool({
    name: 'search_text',
    description:
      'Search the text files under a folder of the workspace for lines containing a pattern (case-insensitive; in lines over 16 KB a match must fit in 1 KB).',
    parameters: {
      pattern: {
        type: 'string',
        required: true,
        description:
          'Text to find (or, with regex: true, a regular expression in RE2 syntax: no lookaround or backreferences)',
      },
      path: { type: 'string', description: 'Folder relative to the workspace root (default ".")' },
      regex: { type: 'boolean', description: 'Treat pattern as a regular expression (default false)' },
      maxResults: { type: 'integer', description: 'Most matches to return (default 50)' },
    },
    async execute(args, exec) {
      const test = matcher(args.pattern, args.regex === true)
      const dirPath = await ws.resolve(args.path ?? '.')
      const max = Math.min(Math.max(1, args.maxResults ?? 50), MAX_LIST)
      const matches: Array<{ path: string; line: number; text: string }> = []
      let slice = performance.now()
      let sliceChars = 0
      // why: the calling run's budget or abort ended it; nobody reads the rest of the search.
      const stopIfEnded = (): void => {
        if (exec.signal?.aborted === true)
          throw new WorkspaceError('search_text stopped: the run that called it has ended', 'ABORTED')
      }
      for await (const entry of ws.walk(dirPath, true)) {
        stopIfEnded()
        if (
          entry.isDirectory ||
          (await stat(entry.absolute)).size > SEARCH_FILE_LIMIT ||
          (await isBinary(entry.absolute))
        )
          continue
        const lines = (await readFile(entry.absolute, 'utf8')).split('\n')
        for (let i = 0; i < lines.length; i++) {
          let hit = false
          for (const part of lineWindows(lines[i] as string)) {
            if (sliceChars > SEARCH_SLICE_CHARS || performance.now() - slice > SEARCH_SLICE_MS) {
              await yieldToHost()
              slice = performance.now()
              sliceChars = 0
              stopIfEnded()
            }
            sliceChars += part.length
            if ((hit = test(part))) break
          }
          if (!hit) continue
          if (matches.length === max) return structured({ matches, truncated: true })
          matches.push({ path: entry.path, line: i + 1, text: (lines[i] as string).trim().slice(0, 300) })
        }
      }
      return structured({ matches, truncated: false })
    },
  })
  return [
    { ...listFiles, outputSchema: listOutput },
    readTextFile,
    { ...searchText, outputSchema: searchOutput },
  ] as ToolDefinition[]
}
