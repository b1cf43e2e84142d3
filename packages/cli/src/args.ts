import { parseArgs } from 'node:util'
import { CliError } from './errors.ts'

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
}

/** Parsed command line of one command. */
export type Parsed =
  | { command: 'help'; topic: Command | undefined }
  | { command: 'version' }
  | ({ command: 'run'; program: string; cpuMs: number | undefined; wallMs: number | undefined; isolation: Isolation } & ToolSourceOptions)
  | ({ command: 'sdk'; budget: number | undefined } & ToolSourceOptions)
  | ({ command: 'serve'; mode: 'code' | 'both'; isolation: Isolation } & ToolSourceOptions)

const TOOL_OPTIONS = {
  mcp: { type: 'string', multiple: true },
  tools: { type: 'string' },
  workspace: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

const COMMANDS: readonly Command[] = ['run', 'sdk', 'serve']

// why: safe by default on every entry point: a program that makes V8 abort (isolated-vm
// #457/#527) ends only its own child process, never isocode. `--isolation isolate` is the opt-in
// for trusted programs (saves ~0.2 ms a run and ~50 µs a binding call).
const DEFAULT_ISOLATION: Record<'run' | 'serve', Isolation> = { run: 'process', serve: 'process' }

function usage(message: string, command?: Command): never {
  throw new CliError(`${message}\nRun \`isocode ${command === undefined ? '' : `${command} `}--help\` for usage.`, 'USAGE')
}

function parse<O extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>>(command: Command, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    // why: node's messages already name the flag (`Unknown option '--foo'`); add where help is.
    return usage(error instanceof Error ? error.message : String(error), command)
  }
}

function positiveInt(value: string | undefined, flag: string, command: Command): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) usage(`${flag} must be a positive whole number of milliseconds, got "${value}"`, command)
  return n
}

function isolation(value: string | undefined, command: 'run' | 'serve'): Isolation {
  const chosen = value ?? DEFAULT_ISOLATION[command]
  if (chosen !== 'isolate' && chosen !== 'process') usage(`--isolation must be "isolate" or "process", got "${chosen}"`, command)
  return chosen
}

function toolSource(values: { mcp?: string[]; tools?: string; workspace?: boolean; root?: string }): ToolSourceOptions {
  return { mcp: values.mcp ?? [], tools: values.tools, workspace: values.workspace === true, root: values.root ?? process.cwd() }
}

/** Parse `argv` (without node and the script) into a command; throws a USAGE CliError naming the fix. */
export function parseCommandLine(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = rest[0]
    return { command: 'help', topic: COMMANDS.includes(topic as Command) ? (topic as Command) : undefined }
  }
  if (first === '--version' || first === '-v') return { command: 'version' }
  if (!COMMANDS.includes(first as Command)) usage(`unknown command "${first}"; the commands are: ${COMMANDS.join(', ')}`)
  const command = first as Command
  if (command === 'run') {
    const { values, positionals } = parse(command, rest, { ...TOOL_OPTIONS, 'cpu-ms': { type: 'string' }, 'wall-ms': { type: 'string' }, isolation: { type: 'string' } })
    if (values.help === true) return { command: 'help', topic: command }
    if (positionals.length !== 1) usage(positionals.length === 0 ? 'isocode run needs a program file, e.g. `isocode run fixtures/programs/summarize-readme.ts`' : `isocode run takes one program file, got ${positionals.length}: ${positionals.join(' ')}`, command)
    const wallMs = positiveInt(values['wall-ms'], '--wall-ms', command)
    const cpuMs = positiveInt(values['cpu-ms'], '--cpu-ms', command)
    return { command, program: positionals[0] as string, cpuMs, wallMs, isolation: isolation(values.isolation, command), ...toolSource(values) }
  }
  if (command === 'serve') {
    const { values, positionals } = parse(command, rest, { ...TOOL_OPTIONS, mode: { type: 'string' }, isolation: { type: 'string' } })
    if (values.help === true) return { command: 'help', topic: command }
    if (positionals.length > 0) usage(`isocode serve takes no positional arguments, got: ${positionals.join(' ')}`, command)
    const mode = values.mode ?? 'code'
    if (mode !== 'code' && mode !== 'both') usage(`--mode must be "code" or "both", got "${mode}"`, command)
    return { command, mode, isolation: isolation(values.isolation, command), ...toolSource(values) }
  }
  const { values, positionals } = parse(command, rest, { ...TOOL_OPTIONS, budget: { type: 'string' } })
  if (values.help === true) return { command: 'help', topic: command }
  if (positionals.length > 0) usage(`isocode sdk takes no positional arguments, got: ${positionals.join(' ')}`, command)
  const budget = values.budget === undefined ? undefined : Number(values.budget)
  if (budget !== undefined && (!Number.isSafeInteger(budget) || budget < 0 || values.budget?.trim() === '')) {
    usage(`--budget must be a whole number of bytes >= 0, got "${values.budget}"`, command)
  }
  return { command, budget, ...toolSource(values) }
}
