// The message a failed sub-call rejects with inside the program: which SDK member failed, why,
// and the argument path that was wrong, whether the registry or an MCP server reported it.
import type { ToolExecutionResult } from '../types.ts'
import { accessor } from './discovery.ts'
import { failureText } from './result-text.ts'

const IDENT = String.raw`[A-Za-z_$][\w$]*`
const SEGMENTS = String.raw`(?:\.${IDENT}|\[\d+\]|\["[^"\]]*"\])*`
// The registry's own INVALID_ARGS text (`args.path.to[0]: expected …`).
const REGISTRY_PATH = new RegExp(String.raw`\bargs(${SEGMENTS})(?=:)`, 'g')
// Zod 4 as MCP servers print it: `… expected string, received undefined at message`.
const AT_PATH = new RegExp(String.raw` at (${IDENT}${SEGMENTS})(?=$|[\s;,)])`, 'gm')
// Zod 3 and JSON Schema validators as JSON: `"path": ["items", 0, "name"]`.
const JSON_PATH = /"(?:path|instancePath)":\s*(\[[^\]]*\]|"[^"]*")/g

function fromJsonPath(raw: string): string | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    const parts = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split('/').filter((p) => p !== '')
        : []
    if (parts.length === 0) return undefined
    return parts
      .map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `[${String(p)}]` : accessor(String(p))))
      .join('')
  } catch {
    return undefined
  }
}

/** The wrong argument paths a failure text names (`args.path`), at most 3, in order of appearance. */
export function argumentPaths(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(REGISTRY_PATH)) if (match[1] !== '') found.add(`args${match[1]}`)
  for (const match of text.matchAll(AT_PATH)) found.add(`args.${match[1] ?? ''}`)
  for (const match of text.matchAll(JSON_PATH)) {
    const path = fromJsonPath(match[1] ?? '')
    if (path !== undefined) found.add(`args${path}`)
  }
  return [...found].slice(0, 3)
}

/** `tools.name failed (CODE): text; wrong argument: args.x`: what a failed call rejects with. */
export function callFailureText(name: string, result: ToolExecutionResult): string {
  const text = failureText(result)
  const paths = argumentPaths(text)
  const code = result.error === undefined ? '' : ` (${result.error.code})`
  const wrong = paths.length === 0 ? '' : `; wrong argument${paths.length === 1 ? '' : 's'}: ${paths.join(', ')}`
  return `tools${accessor(name)} failed${code}: ${text}${wrong}`
}
