// Programs in the idioms models write, against the filesystem fixture set (every tool returns
// text): helpers, loops, Promise.all, try/catch, parsing untyped text, the discovery members,
// element access, type annotations the check must not hold against the program.
import type { ToolSchema } from '@isocode/sdk-codegen'
import { valueFor } from './values.ts'

/** Correct programs over fixtures/tools/filesystem.json. */
export const IDIOMS: readonly string[] = [
  `const text = await tools.read_file({ path: 'package.json' })\nconst pkg = JSON.parse(text)\nreturn pkg.name`,
  `const [a, b] = await Promise.all([tools.read_file({ path: 'a.txt' }), tools.read_file({ path: 'b.txt', limit: 10 })])\nreturn a.length + b.length`,
  `try {\n  await tools.stat({ path: 'missing' })\n} catch (error) {\n  if (error instanceof ToolCallError) return error.tool\n  throw error\n}`,
  `function lines(text) {\n  return text.split('\\n').filter((line) => line !== '')\n}\nconst listing = await tools.list_directory({ path: 'src', recursive: true })\nreturn lines(listing).length`,
  `const found = await tools.$search('read a file')\nconsole.log(found.map((hit) => hit.name).join(', '))\nreturn await tools.$describe('read_file')`,
  `const out = await tools["bash"]({ command: 'ls' })\nreturn out.trim()`,
  `interface Hit { file: string; line: number }\nconst raw = await tools.search_files({ pattern: 'TODO' })\nconst hits: Hit[] = raw.split('\\n').map((l) => ({ file: l.split(':')[0], line: Number(l.split(':')[1]) }))\nreturn hits.filter((h) => h.line > 0)`,
  `const data = JSON.parse(await tools.read_file({ path: 'data.json' })) as { items?: { id: number }[] }\nreturn data.items?.map((item) => item.id) ?? []`,
  `let total = 0\nfor (const path of ['a', 'b', 'c']) {\n  const text = await tools.read_file({ path, offset: 1 })\n  total += text.length\n}\nreturn total`,
  `const options = { path: 'x.txt', content: 'hello' }\nawait tools.write_file(options)\nreturn 'written'`,
  `const args: { path: string } = { path: 'README.md' }\nconst head = await tools.read_file({ ...args, limit: 5 })\nreturn head`,
  `const names = ['read_file', 'stat'] as const\nconst results = []\nfor (const name of names) results.push(await tools[name]({ path: 'x' }))\nreturn results`,
  `const maybe = Math.random() > 2 ? undefined : 'y.txt'\nconst text = await tools.read_file({ path: maybe! })\nreturn text.toUpperCase()`,
  `const env = { HOME: '/tmp' }\nconst out = await tools.bash({ command: 'echo $HOME', env, timeoutMs: 1000 })\nreturn out`,
  `const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))\nawait wait(1)\nawait tools.move_file({ from: 'a', to: 'b', overwrite: true })\nreturn null`,
  `const modes = ['overwrite', 'append'] as const\nfor (const mode of modes) await tools.write_file({ path: 'log.txt', content: mode, mode })\nreturn modes.length`,
  `const parsed: any = JSON.parse('{"a":1}')\nconsole.log(parsed.a.b?.c)\nconst stat = await tools.stat({ path: String(parsed.a) })\nreturn stat`,
  `const search = (pattern: string, maxResults: number | null = null) => tools.search_files({ pattern, maxResults })\nreturn await search('x')`,
  `class Counter {\n  count = 0\n  add(n: number) { this.count += n; return this }\n}\nconst c = new Counter().add((await tools.list_directory({ path: '.' })).length)\nreturn c.count`,
  `let fallback = ''\ntry {\n  fallback = await tools.read_file({ path: 'a', lines: 3 } as any)\n  await tools.stat({})\n} catch (error) {\n  fallback = String(error)\n}\nreturn fallback`,
  `const settled = await Promise.allSettled([tools.stat({}), tools.read_file({ path: 'a' })])\nconst text = await tools.read_file({ pth: 'b' }).catch(() => '')\nreturn [settled.length, text]`,
  `const has = typeof tools.read_file === 'function'\nconst other = (tools as any).not_a_tool\nreturn { has, other: other === undefined }`,
]

/** A 40-line program over the first tools of `tools` (sorted): ten calls with their required arguments, and the logic between them. */
export function fortyLineProgram(tools: readonly ToolSchema[]): string {
  const sorted = tools.toSorted((a, b) => (a.name < b.name ? -1 : 1)).slice(0, 10)
  const lines = [
    'interface Row { tool: string; size: number; ok: boolean }',
    'const rows: Row[] = []',
    'const started = Date.now()',
    'function sizeOf(value: unknown): number {',
    "  return typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length",
    '}',
  ]
  sorted.forEach((tool, i) => {
    const args = valueFor(tool.parameters, tool.parameters, false)
    lines.push(
      `try { const r${i} = await tools.${tool.name}(${args})`,
      `  rows.push({ tool: '${tool.name}', size: sizeOf(r${i}), ok: true })`,
    )
    lines.push(`} catch (error) { rows.push({ tool: '${tool.name}', size: 0, ok: error instanceof ToolCallError }) }`)
  })
  lines.push(
    'const failed = rows.filter((row) => !row.ok).map((row) => row.tool)',
    'console.log(`${rows.length} calls, ${failed.length} failed in ${Date.now() - started} ms`)',
    'return { rows, failed }',
  )
  return `${lines.join('\n')}\n`
}
