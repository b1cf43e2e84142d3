// What `--mcp` and createCodeMode's `mcp` take: a command line or URL per server, made into configs.
// Also the `@isocode/mcp/spec` subpath, which loads no MCP SDK.
import type { McpServerConfig } from './config.ts'
import { McpBridgeError } from './errors.ts'

// why: a name starts lower-case, so `KEY=value` words (upper-case) stay environment assignments.
const NAMED = /^([a-z0-9][A-Za-z0-9_-]{0,63})=(.+)$/s
const ENV = /^([A-Z_][A-Z0-9_]*)=(.*)$/s
const LAUNCHERS = new Set([
  'npx',
  'pnpx',
  'bunx',
  'uvx',
  'node',
  'bun',
  'deno',
  'pnpm',
  'yarn',
  'npm',
  'uv',
  'python',
  'python3',
  'docker',
])
const SUBCOMMANDS = new Set(['dlx', 'exec', 'run', 'x', 'tool'])
const NOISE = new Set(['dist', 'build', 'lib', 'bin', 'src', 'index', 'main', 'cli', 'server'])

/**
 * Split a command line into words: whitespace separates, '…' and "…" group, \ escapes. An unclosed
 * quote throws INVALID_CONFIG, its message headed by `label` (the option's name).
 */
export function splitCommandLine(line: string, label = '--mcp'): string[] {
  const words: string[] = []
  let word: string | undefined
  let quote: '"' | "'" | undefined
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string
    if (quote !== undefined) {
      if (ch === quote) quote = undefined
      else if (ch === '\\' && quote === '"' && i + 1 < line.length) word += line[++i] as string
      else word += ch
    } else if (ch === '"' || ch === "'") {
      quote = ch
      word ??= ''
    } else if (ch === '\\' && i + 1 < line.length) {
      word = (word ?? '') + (line[++i] as string)
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else {
      word = (word ?? '') + ch
    }
  }
  if (quote !== undefined)
    throw new McpBridgeError(`${label} "${line}": unclosed ${quote} quote; close it or drop it`, 'INVALID_CONFIG')
  if (word !== undefined) words.push(word)
  return words
}

// why: the name prefixes namespaced tools and labels errors, so derive a short readable one:
// `npx -y @modelcontextprotocol/server-memory` → `memory`.
function deriveName(words: readonly string[]): string {
  const [command = '', ...args] = words
  const base = (command.split(/[\\/]/).pop() ?? command).toLowerCase()
  const subject = LAUNCHERS.has(base)
    ? (args.find((arg) => !arg.startsWith('-') && !SUBCOMMANDS.has(arg)) ?? base)
    : command
  const parts = subject
    .replace(/@[\d.^~*x-]+$/, '')
    .split(/[\\/]/)
    .map((part) => part.replace(/\.[cm]?[jt]s$|\.py$/, ''))
  const part = parts.toReversed().find((p) => p !== '' && !NOISE.has(p.toLowerCase())) ?? 'mcp'
  const cleaned = part
    .replace(/^@/, '')
    .replace(/^(mcp-server-|server-|mcp-)|(-mcp-server|-mcp)$/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 64)
  return cleaned.replace(/^-+|-+$/g, '') || 'mcp'
}

/** Options of {@link mcpServerConfigs}. */
export interface McpSpecOptions {
  /** Bounds each server's handshake (McpServerConfig.startTimeoutMs). */
  startTimeoutMs?: number
  /** The option's name in error messages (default `--mcp`). */
  label?: string
}

/**
 * Turn `--mcp`-style values into McpClient configs: a command line (stdio, with optional leading
 * `KEY=value` environment words) or an http(s) URL (Streamable HTTP), optionally prefixed with
 * `name=`. Names are made unique; with more than one server every server is namespaced
 * (`server__tool`) so equal tool names cannot clash. A value that is no server throws INVALID_CONFIG.
 */
export function mcpServerConfigs(values: readonly string[], options: McpSpecOptions = {}): McpServerConfig[] {
  const label = options.label ?? '--mcp'
  return values.map(
    parseServer(
      values.length > 1,
      options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs },
      label,
    ),
  )
}

function parseServer(
  namespace: boolean,
  start: { startTimeoutMs?: number },
  label: string,
): (value: string) => McpServerConfig {
  const taken = new Set<string>()
  return (value) => {
    const named = NAMED.exec(value.trim())
    const body = (named?.[2] ?? value).trim()
    if (body === '')
      throw new McpBridgeError(
        `${label} needs a command line or URL, e.g. "npx -y @modelcontextprotocol/server-memory"`,
        'INVALID_CONFIG',
      )
    const isUrl = /^https?:\/\//i.test(body)
    if (isUrl && !URL.canParse(body)) throw new McpBridgeError(`${label} "${value}": not a valid URL`, 'INVALID_CONFIG')
    const words = isUrl ? [] : splitCommandLine(body, label)
    let name = named?.[1] ?? (isUrl ? new URL(body).hostname.replace(/[^A-Za-z0-9_-]+/g, '-') : deriveName(words))
    for (let n = 2; taken.has(name); n++) name = `${named?.[1] ?? name.replace(/-\d+$/, '')}-${n}`
    taken.add(name)
    if (isUrl) return { name, url: body, namespace, ...start }
    const env: Record<string, string> = {}
    while (words.length > 0 && ENV.test(words[0] as string)) {
      const [, key, val] = ENV.exec(words.shift() as string) as unknown as [string, string, string]
      env[key] = val
    }
    const [command, ...args] = words
    if (command === undefined) throw new McpBridgeError(`${label} "${value}": no command to run`, 'INVALID_CONFIG')
    return { name, command, args, namespace, ...start, ...(Object.keys(env).length > 0 ? { env } : {}) }
  }
}

export { McpBridgeError } from './errors.ts'
export { configProblems } from './config.ts'
export type { McpServerConfig } from './config.ts'
