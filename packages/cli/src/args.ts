import { parseArgs } from 'node:util'
import { DEFAULT_MAX_CONNECTIONS, defaultSessionShare } from '@isocode/mcp/internal'
import { budgetProblem, LIMITS } from 'isocode/internal/plan'
import type { Budgets } from 'isocode/internal/plan'
import { CliError } from './errors.ts'

/** The CLI's commands. */
export type Command = 'run' | 'sdk' | 'serve' | 'runs' | 'programs'

/** What `isocode runs` does with the recorded runs of a store. */
export type RunsAction = 'list' | 'show' | 'approve' | 'reject' | 'resume' | 'cancel' | 'rollback'

const RUNS_ACTIONS: readonly RunsAction[] = ['list', 'show', 'approve', 'reject', 'resume', 'cancel', 'rollback']

/** What `isocode programs` does with the saved programs of a store (R-126). */
export type ProgramsAction = 'list' | 'save' | 'show' | 'rm'

const PROGRAMS_ACTIONS: readonly ProgramsAction[] = ['list', 'save', 'show', 'rm']

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

/** What `run` and `serve` take besides the tools: the budgets of one program, the check, the run store and the gates. */
export interface ProgramOptions {
  /** `--cpu-ms`, `--wall-ms`, `--memory-mb`, `--output-bytes`, `--tool-calls`, `--sdk-bytes`: one flag per limit (R-140). */
  budgets?: Budgets | undefined
  /** `--no-check`: run programs without the check before the run (the registry's `check: false`, R-104). */
  check?: false
  /** `--store <url>`: where runs are recorded (`memory:`, `file:<path>`, `postgres://…`), so a paused run can be decided later. */
  store?: string | undefined
  /** `--approve <tool glob>` (repeatable), `--approve destructive`: calls that need approval (R-141). */
  approve?: string[] | undefined
}

/** Parsed command line of one command. */
export type Parsed =
  | { command: 'help'; topic: Command | undefined }
  | { command: 'version' }
  | ({
      command: 'run'
      program: string
      isolation: Isolation
      json: boolean
    } & ToolSourceOptions &
      ProgramOptions)
  | ({ command: 'sdk'; budgets: Budgets; store?: string } & ToolSourceOptions)
  | ({
      command: 'runs'
      action: RunsAction
      /** The run an action other than `list` is about. */
      runId: string | undefined
      store: string
      isolation: Isolation
      json: boolean
      /** `reject --reason <text>`: what the program's ToolCallError says. */
      reason: string | undefined
      /** `list --status <status>`, `list --limit <n>`. */
      status: string | undefined
      limit: number | undefined
    } & ToolSourceOptions &
      ProgramOptions)
  | ({
      command: 'programs'
      action: ProgramsAction
      /** The program an action other than `list` is about. */
      name: string | undefined
      store: string
      isolation: Isolation
      json: boolean
      /** `save --code <file>`: the program text to save. */
      code: string | undefined
      /** `save --run <runId>`: the recorded run whose program to save. */
      run: string | undefined
      /** `save --description <text>`. */
      description: string | undefined
      /** `save --input <schema.json>`: a file holding the input's JSON Schema. */
      input: string | undefined
    } & ToolSourceOptions &
      ProgramOptions)
  | ({
      command: 'serve'
      mode: 'code' | 'both'
      isolation: Isolation
      http: HttpServeOptions | undefined
      /** `--approval-wait-s <n>`: how long an elicitation waits for the user before the run is parked (R-143). */
      approvalWaitS?: number | undefined
    } & ToolSourceOptions &
      ProgramOptions)

const TOOL_OPTIONS = {
  mcp: { type: 'string', multiple: true },
  tools: { type: 'string' },
  workspace: { type: 'boolean' },
  root: { type: 'string' },
  'handshake-ms': { type: 'string' },
  concurrent: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const

/** One flag per limit (LIMITS), `--max-tool-calls` and `--budget` kept as the old names of two. */
const LIMIT_OPTIONS = {
  'cpu-ms': { type: 'string' },
  'wall-ms': { type: 'string' },
  'memory-mb': { type: 'string' },
  'output-bytes': { type: 'string' },
  'tool-calls': { type: 'string' },
  'sdk-bytes': { type: 'string' },
  'max-tool-calls': { type: 'string' },
} as const

const PROGRAM_OPTIONS = {
  ...LIMIT_OPTIONS,
  'no-check': { type: 'boolean' },
  store: { type: 'string' },
  approve: { type: 'string', multiple: true },
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
  ...PROGRAM_OPTIONS,
  'session-idle-s': { type: 'string' },
  'approval-wait-s': { type: 'string' },
} as const

const COMMANDS: readonly Command[] = ['run', 'sdk', 'serve', 'runs', 'programs']

/** The example the usage error of `run` without a program shows (run from the repo root). */
export const RUN_EXAMPLE = 'isocode run fixtures/programs/workspace-summary.ts'

// why: safe by default on every entry point: a program that makes V8 abort (isolated-vm
// #457/#527) ends only its own child process, never isocode. `--isolation isolate` is the opt-in
// for trusted programs (saves ~0.2 ms a run and ~50 µs a binding call).
const DEFAULT_ISOLATION: Record<'run' | 'serve' | 'runs' | 'programs', Isolation> = {
  run: 'process',
  serve: 'process',
  runs: 'process',
  programs: 'process',
}

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

/** The flag's text as a number, or the text itself when it is none (so the message shows what was typed). */
const numeric = (text: string): number | string =>
  text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text

/** The limits given as flags (`--tool-calls`, or its old name `--max-tool-calls`), checked once (R-140). */
function limits(values: Record<string, unknown>, command: Command, alias: Record<string, keyof Budgets>): Budgets {
  const budgets: Record<string, number | string> = {}
  const flagOf: Partial<Record<keyof Budgets, string>> = {}
  for (const [key, limit] of Object.entries(LIMITS) as [keyof Budgets, { flag: string }][]) {
    const flag = limit.flag.slice(2)
    const old = Object.keys(alias).find((name) => alias[name] === key)
    const given = values[flag] ?? (old === undefined ? undefined : values[old])
    if (typeof given !== 'string') continue
    if (values[flag] !== undefined && old !== undefined && values[old] !== undefined)
      usage(`--${old} is the old name of ${limit.flag}; give one of them`, command)
    flagOf[key] = values[flag] !== undefined || old === undefined ? limit.flag : `--${old}`
    budgets[key] = numeric(given)
  }
  const problem = budgetProblem(budgets as Budgets, (key) => flagOf[key] ?? LIMITS[key].flag)
  if (problem !== undefined) usage(problem, command)
  return budgets as Budgets
}

function programOptions(
  values: Record<string, unknown>,
  command: 'run' | 'serve' | 'runs' | 'programs',
): ProgramOptions {
  const budgets = limits(values, command, { 'max-tool-calls': 'toolCalls' })
  const store = values.store as string | undefined
  if (store !== undefined && store.trim() === '')
    usage('--store takes a store URL: memory:, file:<path> or postgres://…', command)
  const approve = values.approve as string[] | undefined
  if (approve?.some((glob) => glob.trim() === '') === true)
    usage('--approve takes a tool name or glob (e.g. "github__create_*") or the word destructive', command)
  return {
    ...(Object.keys(budgets).length === 0 ? {} : { budgets }),
    ...(values['no-check'] === true ? { check: false as const } : {}),
    ...(store === undefined ? {} : { store }),
    ...(approve === undefined ? {} : { approve }),
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

function isolation(value: string | undefined, command: 'run' | 'serve' | 'runs' | 'programs'): Isolation {
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
      ...PROGRAM_OPTIONS,
      isolation: { type: 'string' },
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
    return {
      command,
      program: positionals[0] as string,
      isolation: isolation(values.isolation, command),
      json: values.json === true,
      ...programOptions(values, command),
      ...toolSource(command, values),
    }
  }
  if (command === 'runs') return parseRuns(rest)
  if (command === 'programs') return parsePrograms(rest)
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
      ...programOptions(values, command),
      ...optional('approvalWaitS', positiveInt(values['approval-wait-s'], '--approval-wait-s', command, 'seconds')),
      ...toolSource(command, values),
    }
  }
  const { values, positionals } = parse(command, rest, {
    ...TOOL_OPTIONS,
    'sdk-bytes': { type: 'string' },
    budget: { type: 'string' },
    store: { type: 'string' },
  })
  if (values.help === true) return { command: 'help', topic: command }
  if (positionals.length > 0) usage(`isocode sdk takes no positional arguments, got: ${positionals.join(' ')}`, command)
  // why: R-125 — the SDK a store's runs see includes its saved programs, so sdk reads the same store.
  const store = values.store
  if (store !== undefined && store.trim() === '')
    usage('--store takes a store URL: memory:, file:<path> or postgres://…', command)
  return {
    command,
    budgets: limits(values, command, { budget: 'sdkBytes' }),
    ...optional('store', store),
    ...toolSource(command, values),
  }
}

/**
 * The action and its one operand of `isocode <command> <action> [operand]`: `list` takes none, every
 * other action exactly one; anything else is a usage error naming the actions or the operand.
 */
function actionOf<A extends string>(
  command: 'runs' | 'programs',
  actions: readonly A[],
  positionals: readonly string[],
  noun: string,
  operand: string,
): [A, string | undefined] {
  const [action, target, ...extra] = positionals
  if (!actions.includes(action as A))
    usage(
      action === undefined
        ? `isocode ${command} needs an action: ${actions.join(', ')}`
        : `unknown action "${action}"; the actions are: ${actions.join(', ')}`,
      command,
    )
  if (action === 'list' ? target !== undefined : target === undefined || extra.length > 0)
    usage(
      action === 'list' ? `isocode ${command} list takes no ${noun}` : `isocode ${command} ${action} takes ${operand}`,
      command,
    )
  return [action as A, target]
}

/** `isocode runs <action> [runId] --store <url>` (R-142); approve, reject and resume take the run's tool flags too. */
function parseRuns(argv: readonly string[]): Parsed {
  const { values, positionals } = parse('runs', [...argv], {
    ...TOOL_OPTIONS,
    ...PROGRAM_OPTIONS,
    isolation: { type: 'string' },
    json: { type: 'boolean' },
    reason: { type: 'string' },
    status: { type: 'string' },
    limit: { type: 'string' },
  })
  if (values.help === true) return { command: 'help', topic: 'runs' }
  const [action, runId] = actionOf('runs', RUNS_ACTIONS, positionals, 'run id', 'one run id')
  const options = programOptions(values, 'runs')
  if (options.store === undefined)
    usage('isocode runs needs --store <url>: the store the runs were recorded in (file:<path> or postgres://…)', 'runs')
  if (values.reason !== undefined && action !== 'reject') usage('--reason applies to reject only', 'runs')
  if ((values.status !== undefined || values.limit !== undefined) && action !== 'list')
    usage('--status and --limit apply to list only', 'runs')
  return {
    command: 'runs',
    action,
    runId,
    isolation: isolation(values.isolation, 'runs'),
    json: values.json === true,
    reason: values.reason,
    status: values.status,
    limit: positiveInt(values.limit, '--limit', 'runs', 'runs'),
    ...options,
    store: options.store,
    ...toolSource('runs', values),
  }
}

/** `isocode programs list | save <name> | show <name> | rm <name> --store <url>` (R-126), with the tool flags of `run`. */
function parsePrograms(argv: readonly string[]): Parsed {
  const { values, positionals } = parse('programs', [...argv], {
    ...TOOL_OPTIONS,
    ...PROGRAM_OPTIONS,
    isolation: { type: 'string' },
    json: { type: 'boolean' },
    code: { type: 'string' },
    run: { type: 'string' },
    description: { type: 'string' },
    input: { type: 'string' },
  })
  if (values.help === true) return { command: 'help', topic: 'programs' }
  const [action, name] = actionOf('programs', PROGRAMS_ACTIONS, positionals, 'name', 'one program name')
  const options = programOptions(values, 'programs')
  if (options.store === undefined)
    usage(
      'isocode programs needs --store <url>: the store the programs are saved in (file:<path> or postgres://…)',
      'programs',
    )
  const saving =
    values.code !== undefined ||
    values.run !== undefined ||
    values.description !== undefined ||
    values.input !== undefined
  if (action !== 'save' && saving) usage('--code, --run, --description and --input apply to save only', 'programs')
  if (action === 'save') {
    if ((values.code === undefined) === (values.run === undefined))
      usage(
        'isocode programs save takes one of --code <file> (the program text) or --run <runId> (a recorded run)',
        'programs',
      )
    if (values.description === undefined || values.description.trim() === '')
      usage('isocode programs save needs --description <text>: one line saying what the program does', 'programs')
  }
  return {
    command: 'programs',
    action,
    name,
    isolation: isolation(values.isolation, 'programs'),
    json: values.json === true,
    code: values.code,
    run: values.run,
    description: values.description,
    input: values.input,
    ...options,
    store: options.store,
    ...toolSource('programs', values),
  }
}
