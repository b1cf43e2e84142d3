import { standardConfigSchema } from '@isocode/harness'

/** Options shared by both transports. */
interface McpServerCommon {
  /** Names the server in errors and logs, and prefixes its tools when `namespace` is on. */
  name: string
  /** Register tools as `<name>__<tool>` instead of the bare tool name (default false). */
  namespace?: boolean
  /** Per-request timeout in ms for tools/list and tools/call (default 60,000). */
  timeoutMs?: number
  /**
   * The server handles overlapping tools/call requests safely (default false): Code Mode may run
   * its calls under Promise.all concurrently, up to the registry's concurrentCallLimit.
   */
  concurrencySafe?: boolean
  /** How long in ms the server may take to start, answer `initialize` and the first `tools/list` (default 15,000). */
  startTimeoutMs?: number
}

/** A server started as a child process speaking MCP over stdio. */
export interface McpStdioServerConfig extends McpServerCommon {
  command: string
  args?: string[]
  /** Extra environment variables, merged over the SDK's safe default environment. */
  env?: Record<string, string>
  cwd?: string
  url?: never
}

/** A server reached over Streamable HTTP. */
export interface McpHttpServerConfig extends McpServerCommon {
  url: string
  /** Extra HTTP headers sent with every request (e.g. an Authorization header). */
  headers?: Record<string, string>
  command?: never
}

/** Config of one {@link McpClient} plugin instance: exactly one of `command` or `url`. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig

/** Allowed server names: they become tool-name prefixes, so keep them short and plain. */
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/

type Issue = { message: string; path: string[] }

function stringRecord(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  )
}

function check(input: unknown): { value: McpServerConfig } | { issues: Issue[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      issues: [{ message: 'McpClient config must be an object { name, command, args? } or { name, url }', path: [] }],
    }
  }
  const c = input as Record<string, unknown>
  const issues: Issue[] = []
  const add = (key: string, message: string): void => void issues.push({ message: `${key}: ${message}`, path: [key] })
  if (typeof c.name !== 'string' || !SERVER_NAME.test(c.name))
    add('name', 'must be 1-64 letters, digits, "_" or "-" (e.g. "filesystem")')
  const hasCommand = c.command !== undefined
  const hasUrl = c.url !== undefined
  if (hasCommand === hasUrl) add('command', 'give exactly one of command (stdio) or url (Streamable HTTP)')
  if (hasCommand && (typeof c.command !== 'string' || c.command === ''))
    add('command', 'must be a non-empty string (the executable)')
  if (hasUrl && (typeof c.url !== 'string' || !URL.canParse(c.url))) add('url', 'must be an absolute http(s) URL')
  if (c.args !== undefined && (!Array.isArray(c.args) || !c.args.every((a) => typeof a === 'string')))
    add('args', 'must be an array of strings')
  for (const key of ['env', 'headers'])
    if (c[key] !== undefined && !stringRecord(c[key])) add(key, 'must be an object of string values')
  if (c.cwd !== undefined && typeof c.cwd !== 'string') add('cwd', 'must be a directory path')
  if (c.namespace !== undefined && typeof c.namespace !== 'boolean') add('namespace', 'must be true or false')
  if (c.concurrencySafe !== undefined && typeof c.concurrencySafe !== 'boolean')
    add('concurrencySafe', 'must be true or false')
  for (const key of ['timeoutMs', 'startTimeoutMs']) {
    const ms = c[key]
    if (ms !== undefined && (typeof ms !== 'number' || !Number.isInteger(ms) || ms <= 0))
      add(key, 'must be a positive integer of milliseconds')
  }
  return issues.length > 0 ? { issues } : { value: input as McpServerConfig }
}

/** Standard Schema (`~standard`) of the config, so Cordis rejects a bad one before the plugin starts. */
export const McpServerConfigSchema = standardConfigSchema(check)

/** The problems with `input` as readable lines, or an empty list when it is a valid config. */
export function configProblems(input: unknown): string[] {
  const result = check(input)
  return 'issues' in result ? result.issues.map((issue) => issue.message) : []
}
