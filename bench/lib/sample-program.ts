/** A ~2 KB Code Mode program in TypeScript, the size the strip benchmark measures. */
export const SAMPLE_PROGRAM = `interface FileEntry { path: string; size: number; kind: 'file' | 'dir' }
interface Summary<T> { total: number; items: T[]; largest?: T }
type Predicate<T> = (value: T) => boolean

function summarize<T extends { size: number }>(items: readonly T[], keep: Predicate<T>): Summary<T> {
  const kept: T[] = items.filter(keep)
  let largest: T | undefined
  for (const item of kept) {
    if (largest === undefined || item.size > largest.size) largest = item
  }
  return { total: kept.reduce((sum: number, item: T) => sum + item.size, 0), items: kept, largest }
}

const listing = (await tools.list_dir({ path: 'src', recursive: true })) as { entries: FileEntry[] }
const sources = summarize<FileEntry>(listing.entries, (entry) => entry.kind === 'file' && entry.path.endsWith('.ts'))
console.log(\`found \${sources.items.length} TypeScript files, \${sources.total} bytes\`)

const byFolder = new Map<string, number>()
for (const entry of sources.items) {
  const folder: string = entry.path.split('/').slice(0, -1).join('/') || '.'
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + entry.size)
}
const folders = [...byFolder.entries()].sort((a: [string, number], b: [string, number]) => b[1] - a[1]).slice(0, 5)

const todos: Array<{ path: string; line: number; text: string }> = []
for (const entry of sources.items.slice(0, 20)) {
  const file = (await tools.read_file({ path: entry.path })) as { content: string }
  file.content.split('\\n').forEach((text: string, index: number) => {
    if (/TODO|FIXME/.test(text)) todos.push({ path: entry.path, line: index + 1, text: text.trim() })
  })
}

const report = {
  files: sources.items.length,
  bytes: sources.total,
  largest: sources.largest?.path ?? null,
  folders: folders.map(([folder, size]) => ({ folder, size })),
  todos: todos.slice(0, 10),
} satisfies Record<string, unknown>

if (todos.length > 10) console.warn(\`\${todos.length - 10} more TODOs not shown\`)
return report as unknown as object
`
