import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { format } from 'node:util'
import type { CodeRuntime } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import type { ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { ToolDefinition } from '@isocode/registry'
import type { McpServerConfig } from '@isocode/mcp'
import { Context } from 'cordis'
import type { Fiber, Plugin } from 'cordis'
import type { Isolation, ProgramBudgetOptions, ToolSourceOptions } from './args.ts'
import { CliError } from './errors.ts'
import { mcpConfigs } from './mcp-spec.ts'
import { RecordingRuntime } from './recording.ts'
import { RunJournal } from './run-journal.ts'
import type { RunWatch } from './run-journal.ts'
import { savedToolDefinitions } from './saved-tools.ts'
import { workspaceTools } from './workspace-tools.ts'

/** Options of {@link bootApp}. */
export interface AppOptions extends ToolSourceOptions, ProgramBudgetOptions {
  mode: 'code' | 'both'
  cpuMs?: number | undefined
  wallMs?: number | undefined
  /** Where programs run: `process` (SupervisedIsolateRuntime, the default) or `isolate` (InProcessIsolateRuntime, opt-in for trusted programs). */
  isolation?: Isolation | undefined
  /** Byte budget of the tools:sdk section (the registry's `sdkBudgetBytes`; default 16384). */
  sdkBudgetBytes?: number | undefined
  /** Isolates (or supervised child processes) in the runtime pool (default 1). */
  poolSize?: number | undefined
  /** Where warnings and errors of the app go (one line each); stderr in the CLI. */
  log(line: string): void
}

/** A booted Cordis app with Code Mode over the chosen tools. */
export interface CliApp {
  readonly root: Context
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

const isStartFailure = (value: unknown): boolean =>
  value instanceof Error && (value as { code?: unknown }).code === 'SERVER_START_FAILED'

async function startServers(root: Context, configs: readonly McpServerConfig[], fibers: Fiber[]): Promise<void> {
  // why: the MCP SDK (zod, ajv) loads only when a server is asked for, keeping the default start fast.
  const { startMcpClients } = await import('@isocode/mcp')
  try {
    await startMcpClients(root, configs, fibers)
  } catch (reason) {
    // why: the bridge's message already names the server, its command and its stderr tail.
    throw new CliError(`--mcp: ${reason instanceof Error ? reason.message : String(reason)}`, 'STARTUP')
  }
}

async function startRuntime(backend: Context, options: AppOptions, isolation: Isolation): Promise<Fiber> {
  // why: both backends take the same config; `process` hosts its one isolate in a child process.
  const Runtime = isolation === 'process' ? SupervisedIsolateRuntime : InProcessIsolateRuntime
  try {
    return await backend.plugin(Runtime, {
      poolSize: options.poolSize ?? 1,
      ...(options.cpuMs === undefined ? {} : { cpuMs: options.cpuMs }),
      // why: a wall budget below the CPU budget is invalid; raise it rather than refuse the run.
      ...(options.wallMs === undefined && (options.cpuMs ?? 0) <= 30_000
        ? {}
        : { wallMs: Math.max(options.wallMs ?? 30_000, options.cpuMs ?? 0) }),
    })
  } catch (error) {
    throw new CliError(
      `the runtime (--isolation ${isolation}) could not start: ${error instanceof Error ? error.message : String(error)}`,
      'STARTUP',
    )
  }
}

/**
 * Boot SystemPrompt, a session sink, ToolRegistry in `mode`, a SupervisedIsolateRuntime (or, with
 * `isolation: 'isolate'`, an InProcessIsolateRuntime) behind a recorder, and the tools: MCP servers, a tools module, and/or
 * the workspace toolset (the default).
 */
export async function bootApp(options: AppOptions): Promise<CliApp> {
  const root = new Context()
  root.logger.exporter({
    export: (message) => {
      // why: cordis 4 logs nowhere by default; server crashes and skipped tools must be seen.
      if (message.type !== 'error' && message.type !== 'warn') return
      const args = message.args as unknown[]
      // why: cordis also logs a plugin's failed start with its stack; the CLI reports that failure
      // itself as one line, and other errors show their message, never a stack trace.
      if (isStartFailure(args[0])) return
      options.log(
        `isocode [${message.name}] ${args[0] instanceof Error && args.length === 1 ? args[0].message : format(...args)}`,
      )
    },
  })
  // why: the real runtime lives in its own root, so the recorder can be ctx.codeRuntime here.
  const backend = new Context()
  const fibers: Fiber[] = []
  let runtimeFiber: Fiber | undefined
  const isolation = options.isolation ?? 'process'
  const dispose = async (): Promise<void> => {
    // why: tools and MCP connections first, the isolates last (they may still be ending a run).
    for (const fiber of fibers.toReversed()) await fiber.dispose()
    await runtimeFiber?.dispose()
  }
  try {
    runtimeFiber = await startRuntime(backend, options, isolation)
    const inner = runtimeFiber.ctx.get('codeRuntime') as CodeRuntime & { config: ResolvedIsolateRuntimeConfig }
    const registry = {
      mode: options.mode,
      ...(options.sdkBudgetBytes === undefined ? {} : { sdkBudgetBytes: options.sdkBudgetBytes }),
      ...(options.maxToolCalls === undefined ? {} : { maxToolCalls: options.maxToolCalls }),
      ...(options.check === false ? { check: false } : {}),
    }
    fibers.push(
      await root.plugin(SystemPrompt),
      await root.plugin(RunJournal),
      await root.plugin(ToolRegistry, registry),
    )
    const journal = root.get('session') as RunJournal
    fibers.push(await root.plugin(RecordingRuntime, { inner, onRun: (record) => journal.record(record) }))
    root.on('tools/execute', (exec, next) => journal.around(exec, next))
    const configs = mcpConfigs(options.mcp, options.handshakeMs, options.concurrent)
    if ((configs.length === 0 && options.tools === undefined) || options.workspace)
      await registerAll(root, 'workspace-tools', await workspaceTools(options.root))
    if (options.tools !== undefined) await loadToolsModule(root, options.tools)
    if (configs.length > 0) await startServers(root, configs, fibers)
    return { root, budgets: inner.config, isolation, watchRun: (callId) => journal.watch(callId), dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}
