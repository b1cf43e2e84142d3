import { parseArgs } from 'node:util'
import { CliError } from './errors.ts'
import { DEFAULT_MAX_CONNECTIONS, defaultSessionShare } from '@isocode/mcp/internal'

/** The CLI's commands. */
export type Command = 'run' | 'sdk' | 'serve'

/** `--isolation`: `isolate` hosts the V8 isolate in the CLI process, `process` in a supervised child process. */
export type Isolation = 'isolate' | 'process'

/** Where the tools come from, shared by every command. */
export interface ToolSourceOptions {
  /** `--mcp "<command line>"` or `--mcp "<name>=<command line or URL>"`, repeatable. */
  mcp: string[]
  /** `--tools <module>`: a module whose default export is ToolDefinition[] or a Cordis plugin. */
  tools: string | undefined
  /** `--workspace`: add the read-only workspace toolset even when --mcp or --tools is given. */
  workspace: boolean
  /** `--root <dir>`: the folder the workspace toolset is confined to (default: the current folder). */
  root: string
  /** `--handshake-ms <ms>`: how long each --mcp server may take to start and answer the handshake. */
  handshakeMs?: number | undefined
  /** `--concurrent <server>` (repeatable): that --mcp server's tools may overlap under Promise.all. */
  concurrent?: string[] | undefined
}

/** `serve --http`: where to listen and the limits of the Streamable HTTP server. */
export interface HttpServeOptions {
  host: string
  /** 0 picks a free port (printed at start). */
  port: number
  /** `--stateless`: no sessions; every request stands alone (for load balancers). */
  stateless: boolean
  /** `--max-runs <n>`: programs running at once (also the runtime pool size). */
  maxRuns: number
  /** `--max-queue <n>`: programs waiting for a slot; past it a call fails with a JSON-RPC error. */
  maxQueue: number
  /** `--max-session-runs <n>`: programs one session may have running and waiting (default half of maxRuns, at least 1). */
  maxSessionRuns: number
  /** `--max-connections <n>`: open connections at most; past it a request gets 503 and its connection is closed. */
  maxConnections: number
  /** `--token-env NAME`: the environment variable holding the bearer token clients must send. */
  tokenEnv: string | undefined
  /** `--allow-host <host>` (repeatable): Host names accepted besides the bound address and localhost. */
  allowHosts: string[]
  /** `--allow-origin <origin>` (repeatable): web origins accepted besides loopback ones. */
  allowOrigins: string[]
  /** `--max-body-kb <n>`: the request body cap. */
  maxBodyKb: number
  /** `--max-sessions <n>`: open sessions at most (stateful mode); at the cap the least recently used idle one is evicted. */
  maxSessions: number
  /** `--session-idle-s <n>`: a session with no request and no open stream for this long is closed. */
  sessionIdleS: number
}

/** What `run` and `serve` take besides the tools: the budgets of one program. */
export interface ProgramBudgetOptions {
  /** `--cpu-ms <ms>`: CPU budget of one program (the runtime's `cpuMs`; default 5000). */
  cpuMs?: number | undefined
  /** `--wall-ms <ms>`: wall-clock budget of one program (the runtime's `wallMs`; default 30000). */
  wallMs?: number | undefined
  /** `--max-tool-calls <n>`: tool calls one program may make (the registry's `maxToolCalls`; default 1000). */
  maxToolCalls?: number | undefined
  /** `--no-check`: run programs without the check before the run (the registry's `check: false`, R-104). */
  check?: false
}

/** Parsed command line of one command. */
export type Parsed =
  | { command: 'help'; topic: Command | undefined }
  | { command: 'version' }
  | ({
      command: 'run'
      program: string
      cpuMs: number | undefined
      wallMs: number | undefined
      isolation: Isolation
      json: boolean
    } & ToolSourceOptions &
      ProgramBudgetOptions)
  | ({ command: 'sdk'; budget: number | undefined } & ToolSourceOptions)
  | ({
      command: 'serve'
      mode: 'code' | 'both'
      isolation: Isolation
      http: HttpServeOptions | undefined
    } & ToolSourceOptions &
      ProgramBudgetOptions)

const TOOL_OPTIONS = {
  mcp: { type: 'string', multiple: true },
  tools: { type: 'string' },
  workspace: { type: 'boolean' },
  root: { type: 'string' },
  'handshake-ms': { type: 'string' },
  concurrent: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const

const SERVE_OPTIONS = {
  ...TOOL_OPTIONS,
  mode: { type: 'string' },
  isolation: { type: 'string' },
  http: { type: 'string' },
  stateless: { type: 'boolean' },
  'max-runs': { type: 'string' },
  'max-queue': { type: 'string' },
  'max-session-runs': { type: 'string' },
  'max-connections': { type: 'string' },
  'token-env': { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  'allow-origin': { type: 'string', multiple: true },
  'max-body-kb': { type: 'string' },
  'max-sessions': { type: 'string' },
  'cpu-ms': { type: 'string' },
  'wall-ms': { type: 'string' },
  'max-tool-calls': { type: 'string' },
  'no-check': { type: 'boolean' },
  'session-idle-s': { type: 'string' },
} as const

const COMMANDS: readonly Command[] = ['run', 'sdk', 'serve']

/** The example the usage error of `run` without a program shows (run from the repo root). */
export const RUN_EXAMPLE = 'isocode run fixtures/programs/workspace-summary.ts'

// why: safe by default on every entry point: a program that makes V8 abort (isolated-vm
// #457/#527) ends only its own child process, never isocode. `--isolation isolate` is the opt-in
// for trusted programs (saves ~0.2 ms a run and ~50 µs a binding call).
const DEFAULT_ISOLATION: Record<'run' | 'serve', Isolation> = { run: 'process', serve: 'process' }

function usage(message: string, command?: Command): never {
  throw new CliError(
    `${message}\nRun \`isocode ${command === undefined ? '' : `${command} `}--help\` for usage.`,
    'USAGE',
  )
}

function parse<O extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>>(
  command: Command,
  argv: string[],
  options: O,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    // why: node's messages already name the flag (`Unknown option '--foo'`); add where help is.
    return usage(error instanceof Error ? error.message : String(error), command)
  }
}

function positiveInt(
  value: string | undefined,
  flag: string,
  command: Command,
  unit = 'milliseconds',
  min = 1,
): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < min)
    usage(
      `${flag} must be a ${min === 0 ? 'non-negative' : 'positive'} whole number of ${unit}, got ${JSON.stringify(value)}`,
      command,
    )
  return n
}

/** `[host:]port` of --http; the host defaults to loopback, `[::1]:port` takes an IPv6 address. */
function hostPort(value: string): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(value)
  const port = Number(match?.[2])
  if (match === null || port > 65_535)
    usage(`--http must be [host:]port, e.g. 8080 or 0.0.0.0:8080, got ${JSON.stringify(value)}`, 'serve')
  return { host: (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port }
}

type ServeValues = {
  http?: string
  stateless?: boolean
  'max-runs'?: string
  'max-queue'?: string
  'max-session-runs'?: string
  'max-connections'?: string
  'token-env'?: string
  'allow-host'?: string[]
  'allow-origin'?: string[]
  'max-body-kb'?: string
  'max-sessions'?: string
  'session-idle-s'?: string
}

function httpOptions(values: ServeValues): HttpServeOptions | undefined {
  if (values.http === undefined) {
    const stray = (
      [
        'stateless',
        'max-runs',
        'max-queue',
        'max-session-runs',
        'max-connections',
        'token-env',
        'allow-host',
        'allow-origin',
        'max-body-kb',
        'max-sessions',
        'session-idle-s',
      ] as const
    ).find((flag) => values[flag] !== undefined)
    if (stray !== undefined) usage(`--${stray} applies to the HTTP server only; add --http [host:]port`, 'serve')
    return undefined
  }
  const tokenEnv = values['token-env']
  if (tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv))
    usage(
      `--token-env takes the NAME of an environment variable (e.g. ISOCODE_TOKEN), got ${JSON.stringify(tokenEnv)}`,
      'serve',
    )
  const maxRuns = positiveInt(values['max-runs'], '--max-runs', 'serve', 'programs') ?? 4
  return {
    ...hostPort(values.http),
    stateless: values.stateless === true,
    maxRuns,
    maxQueue: positiveInt(values['max-queue'], '--max-queue', 'serve', 'programs', 0) ?? 32,
    maxSessionRuns:
      positiveInt(values['max-session-runs'], '--max-session-runs', 'serve', 'programs') ??
      defaultSessionShare(maxRuns),
    maxConnections:
      positiveInt(values['max-connections'], '--max-connections', 'serve', 'connections') ?? DEFAULT_MAX_CONNECTIONS,
    tokenEnv,
    allowHosts: values['allow-host'] ?? [],
    allowOrigins: values['allow-origin'] ?? [],
    maxBodyKb: positiveInt(values['max-body-kb'], '--max-body-kb', 'serve', 'kilobytes') ?? 1024,
    maxSessions: positiveInt(values['max-sessions'], '--max-sessions', 'serve', 'sessions') ?? 256,
    sessionIdleS: positiveInt(values['session-idle-s'], '--session-idle-s', 'serve', 'seconds') ?? 300,
  }
}

function programBudget(
  values: {
    'cpu-ms'?: string | undefined
    'wall-ms'?: string | undefined
    'max-tool-calls'?: string | undefined
    'no-check'?: boolean | undefined
  },
  command: 'run' | 'serve',
): ProgramBudgetOptions {
  const wallMs = positiveInt(values['wall-ms'], '--wall-ms', command)
  const cpuMs = positiveInt(values['cpu-ms'], '--cpu-ms', command)
  const maxToolCalls = positiveInt(values['max-tool-calls'], '--max-tool-calls', command, 'tool calls')
  return {
    ...(cpuMs === undefined ? {} : { cpuMs }),
    ...(wallMs === undefined ? {} : { wallMs }),
    ...(maxToolCalls === undefined ? {} : { maxToolCalls }),
    ...(values['no-check'] === true ? { check: false as const } : {}),
  }
}

function isolation(value: string | undefined, command: 'run' | 'serve'): Isolation {
  const chosen = value ?? DEFAULT_ISOLATION[command]
  if (chosen !== 'isolate' && chosen !== 'process')
    usage(`--isolation must be "isolate" or "process", got ${JSON.stringify(chosen)}`, command)
  return chosen
}

function toolSource(
  command: Command,
  values: {
    mcp?: string[]
    tools?: string
    workspace?: boolean
    root?: string
    'handshake-ms'?: string
    concurrent?: string[]
  },
): ToolSourceOptions {
  const handshakeMs = positiveInt(values['handshake-ms'], '--handshake-ms', command)
  if (values.concurrent !== undefined && (values.mcp ?? []).length === 0)
    usage('--concurrent <server> names an --mcp server; give the server with --mcp first', command)
  return {
    mcp: values.mcp ?? [],
    tools: values.tools,
    workspace: values.workspace === true,
    root: values.root ?? process.cwd(),
    ...(handshakeMs === undefined ? {} : { handshakeMs }),
    ...(values.concurrent === undefined ? {} : { concurrent: values.concurrent }),
  }
}

/** Parse `argv` (without node and the script) into a command; throws a USAGE CliError naming the fix. */
export function parseCommandLine(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = rest[0]
    return { command: 'help', topic: COMMANDS.includes(topic as Command) ? (topic as Command) : undefined }
  }
  if (first === '--version' || first === '-v') return { command: 'version' }
  if (!COMMANDS.includes(first as Command))
    usage(`unknown command "${first}"; the commands are: ${COMMANDS.join(', ')}`)
  const command = first as Command
  if (command === 'run') {
    const { values, positionals } = parse(command, rest, {
      ...TOOL_OPTIONS,
      'cpu-ms': { type: 'string' },
      'wall-ms': { type: 'string' },
      isolation: { type: 'string' },
      'max-tool-calls': { type: 'string' },
      'no-check': { type: 'boolean' },
      json: { type: 'boolean' },
    })
    if (values.help === true) return { command: 'help', topic: command }
    if (positionals.length !== 1)
      usage(
        positionals.length === 0
          ? `isocode run needs a program file, e.g. \`${RUN_EXAMPLE}\``
          : `isocode run takes one program file, got ${positionals.length}: ${positionals.join(' ')}`,
        command,
      )
    const budget = programBudget(values, command)
    return {
      command,
      program: positionals[0] as string,
      cpuMs: budget.cpuMs,
      wallMs: budget.wallMs,
      isolation: isolation(values.isolation, command),
      json: values.json === true,
      ...budget,
      ...toolSource(command, values),
    }
  }
  if (command === 'serve') {
    const { values, positionals } = parse(command, rest, SERVE_OPTIONS)
    if (values.help === true) return { command: 'help', topic: command }
    if (positionals.length > 0)
      usage(`isocode serve takes no positional arguments, got: ${positionals.join(' ')}`, command)
    const mode = values.mode ?? 'code'
    if (mode !== 'code' && mode !== 'both')
      usage(`--mode must be "code" or "both", got ${JSON.stringify(mode)}`, command)
    return {
      command,
      mode,
      isolation: isolation(values.isolation, command),
      http: httpOptions(values),
      ...programBudget(values, command),
      ...toolSource(command, values),
    }
  }
  const { values, positionals } = parse(command, rest, { ...TOOL_OPTIONS, budget: { type: 'string' } })
  if (values.help === true) return { command: 'help', topic: command }
  if (positionals.length > 0) usage(`isocode sdk takes no positional arguments, got: ${positionals.join(' ')}`, command)
  const budget = values.budget === undefined ? undefined : Number(values.budget)
  if (budget !== undefined && (!Number.isSafeInteger(budget) || budget < 0 || values.budget?.trim() === '')) {
    usage(`--budget must be a whole number of bytes >= 0, got ${JSON.stringify(values.budget)}`, command)
  }
  return { command, budget, ...toolSource(command, values) }
}
