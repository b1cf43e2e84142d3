import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import type { ToolDefinition } from '@isocode/registry'
import { IsocodeError, openApp } from 'isocode/internal'
import type { App, AppPlan, Budgets } from 'isocode/internal'
import { Context } from 'cordis'
import type { Plugin } from 'cordis'
import type { Isolation, ProgramOptions, ToolSourceOptions } from './args.ts'
import { CliError } from './errors.ts'
import type { CliErrorCode } from './errors.ts'
import { mcpConfigs } from './mcp-spec.ts'
import { RunJournal } from './run-journal.ts'
import type { RunWatch } from './run-journal.ts'
import { savedToolDefinitions } from './saved-tools.ts'
import { workspaceTools } from './workspace-tools.ts'

/** Options of {@link bootApp}: the parsed command line (flags already checked) and where warnings go. */
export interface AppOptions extends ToolSourceOptions, ProgramOptions {
  mode: 'code' | 'both'
  /** Where programs run: `process` (SupervisedIsolateRuntime, the default) or `isolate` (InProcessIsolateRuntime, opt-in for trusted programs). */
  isolation?: Isolation | undefined
  /** Isolates (or supervised child processes) in the runtime pool (default 1). */
  poolSize?: number | undefined
  /** Where warnings and errors of the app go (one line each); stderr in the CLI. */
  log(line: string): void
}

/** A booted Cordis app with Code Mode over the chosen tools. */
export interface CliApp {
  readonly root: Context
  /** The shared assembly under it: the run store and durable runs. */
  readonly app: App
  /** The budgets the isolate runtime enforces. */
  readonly budgets: ResolvedIsolateRuntimeConfig
  /** Where programs run: in this process (`isolate`) or in a supervised child process (`process`). */
  readonly isolation: Isolation
  /**
   * Keep the report (program result, sub-call timeline) of the run_code call `callId` until its
   * `take()`; the app keeps nothing of runs nobody watches, so a server's state never grows with its runs.
   */
  watchRun(callId: string): RunWatch
  /** Dispose the tools, MCP connections and the runtime; resolves when everything is closed. */
  dispose(): Promise<void>
}

async function loadToolsModule(root: Context, spec: string): Promise<void> {
  if (spec.endsWith('.json')) return registerAll(root, 'saved-tools', await savedToolDefinitions(spec))
  let mod: { default?: unknown; tools?: unknown }
  try {
    mod = (await import(pathToFileURL(resolve(spec)).href)) as typeof mod
  } catch (error) {
    throw new CliError(
      `--tools ${spec}: the module could not be loaded (${error instanceof Error ? error.message : String(error)}); check the path, relative to the current folder`,
      'INPUT',
    )
  }
  const exported = mod.default ?? mod.tools
  if (Array.isArray(exported)) return registerAll(root, 'tools-module', exported as ToolDefinition[])
  if (typeof exported === 'function' || (typeof exported === 'object' && exported !== null && 'apply' in exported)) {
    await root.plugin(exported as Plugin)
    return
  }
  throw new CliError(
    `--tools ${spec}: export default (or export const tools) must be ToolDefinition[] or a Cordis plugin`,
    'INPUT',
  )
}

async function registerAll(root: Context, name: string, tools: readonly ToolDefinition[]): Promise<void> {
  // why: a plugin that injects tools owns the registrations, as every tool plugin should.
  await root.plugin({
    name,
    inject: ['tools'],
    apply: (ctx: Context) => void tools.forEach((tool) => ctx.tools.register(tool)),
  })
}

// why: the assembly names the failing part in the CLI's words (`--mcp`, `--isolation`, `--store`);
// the CLI only chooses the exit message's kind.
const CLI_CODES: Partial<Record<string, CliErrorCode>> = {
  INVALID_OPTION: 'USAGE',
  STARTUP: 'STARTUP',
  INVALID_TOOL: 'INPUT',
  DUPLICATE_TOOL: 'INPUT',
}

/** The AppPlan of the parsed command line (its flags were checked by the parser, rule R-140). */
function planOf(options: AppOptions): AppPlan {
  const isolation = options.isolation ?? 'process'
  const budgets: Budgets = options.budgets ?? {}
  return {
    isolation,
    budgets,
    mode: options.mode,
    check: options.check !== false,
    poolSize: options.poolSize ?? 1,
    mcp: mcpConfigs(options.mcp, options.handshakeMs, options.concurrent),
    store: options.store,
    approve: options.approve ?? [],
    say: { runtime: `the runtime (--isolation ${isolation})`, mcp: '--mcp', store: '--store' },
  }
}

/**
 * Boot the shared assembly (rule R-140) with the CLI's tools (MCP servers, a tools module, and/or
 * the workspace toolset, the default) and its run journal behind a recorder.
 */
export async function bootApp(options: AppOptions): Promise<CliApp> {
  const plan = planOf(options)
  let journal: RunJournal | undefined
  let app: App
  try {
    app = await openApp(plan, {
      log: options.log,
      setup: async (root) => {
        const fiber = await root.plugin(RunJournal)
        journal = root.get('session') as RunJournal
        root.on('tools/execute', (exec, next) => (journal as RunJournal).around(exec, next))
        return [fiber]
      },
      onRun: (record) => journal?.record(record),
      load: async (root) => {
        if ((plan.mcp.length === 0 && options.tools === undefined) || options.workspace)
          await registerAll(root, 'workspace-tools', await workspaceTools(options.root))
        if (options.tools !== undefined) await loadToolsModule(root, options.tools)
      },
    })
  } catch (error) {
    if (error instanceof IsocodeError) throw new CliError(error.message, CLI_CODES[error.code] ?? 'STARTUP')
    throw error
  }
  return {
    root: app.root,
    app,
    budgets: app.budgets,
    isolation: plan.isolation,
    watchRun: (callId) => (journal as RunJournal).watch(callId),
    dispose: () => app.dispose(),
  }
}
