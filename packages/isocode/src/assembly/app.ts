// The one assembly behind createCodeMode and the CLI (`run`, `sdk`, `serve`): a checked AppPlan in,
// a running Cordis app out (runtime, SystemPrompt, ToolRegistry in code mode, tools, MCP clients,
// the run store and the durable-runs machinery), and one way to take it apart (rule R-140).
import { format } from 'node:util'
import type { CodeRuntime } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime, resolveConfig, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import type { IsolateRuntimeConfig, ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { RegistryError, ToolRegistry } from '@isocode/registry'
import type {
  ProgramLibrary,
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolSchema,
} from '@isocode/registry'
import { openRunStore, RunStoreError } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import { DurableRuns, toolFacts } from '@isocode/registry/internal'
import type { ToolFacts } from '@isocode/registry/internal'
import type { ToolMeta } from '../define.ts'
import { facadeRuns } from '../durable/runs.ts'
import type { ExecuteDurable, FacadeRuns } from '../durable/runs.ts'
import type { CodeModeRuns } from '../types.ts'
import { IsocodeError } from '../errors.ts'
import { errorMessage } from '../error-message.ts'
import type { AppPlan } from './plan.ts'
import { RecordingRuntime } from './recording-runtime.ts'
import type { RunRecord } from './recording-runtime.ts'
import { approvalRule, toolHints } from './approve.ts'
import { prepareSchema } from '../schema.ts'

/** What a front door adds to the plan: its own tools, how it watches runs and where warnings go. */
export interface AppParts {
  /** Tools registered after the MCP servers (so a clash names the server), with their durable facts. */
  readonly tools?: readonly { readonly definition: ToolDefinition; readonly meta: ToolMeta }[]
  /** Loads tools before the MCP servers (the CLI's workspace toolset and `--tools` module). */
  readonly load?: (root: Context) => Promise<void>
  /** Called once the SystemPrompt is up, before the registry (the CLI's session journal). */
  readonly setup?: (root: Context) => Promise<Fiber[]>
  /** Each program's result as the runtime gave it; the runtime then sits behind a recorder. */
  readonly onRun?: (record: RunRecord) => void
  /** Cordis warnings and errors, one line each; absent: not shown. */
  readonly log?: (line: string) => void
}

/** A running assembly; everything a front door needs, nothing it has to put together itself. */
export interface App {
  readonly root: Context
  /** The budgets the runtime enforces (its defaults applied). */
  readonly budgets: ResolvedIsolateRuntimeConfig
  readonly plan: AppPlan
  /** Where runs are recorded. */
  readonly store: RunStore
  /** Whether runs are recorded at all: a store was given or a tool can pause. */
  readonly recording: boolean
  readonly tools: ToolFacts
  /** The idempotency key of each sub-call in flight, by callId. */
  readonly keys: Map<string, string>
  /** The system text (the tools:sdk section) and the wire tools. */
  assemble(): Promise<{ system: string; tools: ToolSchema[] }>
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
  /** Call `listener` after every change of the tools (an MCP server's list_changed). */
  onToolsChange(listener: () => void): void
  /** The registry's saved programs and state, kept in {@link App.store}. */
  readonly programs: ProgramLibrary
  /** Durable runs over this app's store; `resumed` runs a stored program again, in the state scope it started in. */
  durable(resumed: (code: string, scope: string | undefined) => ExecuteDurable): FacadeRuns
  /** Dispose the tools and MCP connections, then the runtime, then an owned store. */
  dispose(): Promise<void>
}

// why: the runtime owns its defaults; the assembly reads the wall default once, for the raise rule.
let defaults: ResolvedIsolateRuntimeConfig | undefined

/** The runtime config of `plan`: a CPU budget above the default wall budget raises the wall budget with it. */
function runtimeConfig(plan: AppPlan): IsolateRuntimeConfig {
  const { cpuMs, wallMs, memoryMb, outputBytes } = plan.budgets
  const config: IsolateRuntimeConfig = { poolSize: plan.poolSize }
  if (cpuMs !== undefined) config.cpuMs = cpuMs
  if (wallMs !== undefined) config.wallMs = wallMs
  if (memoryMb !== undefined) config.memoryMb = memoryMb
  if (outputBytes !== undefined) config.outputBytes = outputBytes
  defaults ??= resolveConfig({})
  if (wallMs === undefined && cpuMs !== undefined && cpuMs > defaults.wallMs) config.wallMs = cpuMs
  return config
}

/**
 * Open the run store `store` names (rule R-113): a bad URL is INVALID_OPTION, a store that cannot
 * be opened STARTUP. A RunStore object is used as given and stays the caller's to close.
 */
async function openStore(plan: Pick<AppPlan, 'store' | 'say'>): Promise<{ store: RunStore; owned: boolean }> {
  const store = plan.store ?? 'memory:'
  if (typeof store !== 'string') return { store, owned: false }
  try {
    return { store: await openRunStore(store), owned: true }
  } catch (error) {
    const bad = error instanceof RunStoreError && (error.code === 'INVALID_URL' || error.code === 'UNKNOWN_SCHEME')
    throw new IsocodeError(`${plan.say.store}: ${errorMessage(error)}`, bad ? 'INVALID_OPTION' : 'STARTUP', {
      cause: error,
    })
  }
}

const isStartFailure = (value: unknown): boolean =>
  value instanceof Error && (value as { code?: unknown }).code === 'SERVER_START_FAILED'

function exportLogs(root: Context, log: (line: string) => void): void {
  root.logger.exporter({
    export: (message) => {
      // why: cordis 4 logs nowhere by default; server crashes and skipped tools must be seen.
      if (message.type !== 'error' && message.type !== 'warn') return
      const args = message.args as unknown[]
      // why: a plugin's failed start is reported by the front door as one line, without the stack.
      if (isStartFailure(args[0])) return
      log(
        `isocode [${message.name}] ${args[0] instanceof Error && args.length === 1 ? args[0].message : format(...args)}`,
      )
    },
  })
}

async function startRuntime(
  plan: AppPlan,
  root: Context,
  onRun: AppParts['onRun'],
): Promise<{ fibers: Fiber[]; budgets: ResolvedIsolateRuntimeConfig }> {
  const Runtime = plan.isolation === 'process' ? SupervisedIsolateRuntime : InProcessIsolateRuntime
  // why: a watched runtime lives in a root of its own, so the recorder can be ctx.codeRuntime here.
  const home = onRun === undefined ? root : new Context()
  let fiber: Fiber
  try {
    fiber = await home.plugin(Runtime, runtimeConfig(plan))
  } catch (error) {
    throw new IsocodeError(`${plan.say.runtime} could not start: ${errorMessage(error)}`, 'STARTUP', { cause: error })
  }
  const inner = fiber.ctx.get('codeRuntime') as CodeRuntime & { config: ResolvedIsolateRuntimeConfig }
  if (onRun === undefined) return { fibers: [fiber], budgets: inner.config }
  try {
    return { fibers: [fiber, await root.plugin(RecordingRuntime, { inner, onRun })], budgets: inner.config }
  } catch (error) {
    await fiber.dispose()
    throw error
  }
}

async function registerTools(root: Context, tools: NonNullable<AppParts['tools']>): Promise<Fiber> {
  return root.plugin({
    name: 'isocode-tools',
    inject: ['tools'],
    apply(ctx: Context) {
      for (const { definition } of tools) {
        try {
          ctx.tools.register(definition)
        } catch (error) {
          if (!(error instanceof RegistryError) || error.code !== 'DUPLICATE_TOOL')
            throw new IsocodeError(`tools.${definition.name}: ${errorMessage(error)}`, 'INVALID_TOOL')
          // why: MCP servers register first, so a clash names the server that has the tool.
          const server = ctx.tools.get(definition.name)?.group
          throw new IsocodeError(
            `tools.${definition.name}: the MCP server "${server ?? '?'}" has a tool named "${definition.name}" too; rename the tool, or pass the server as { name, command, args, namespace: true } so its tools are "${server ?? 'server'}__<tool>"`,
            'DUPLICATE_TOOL',
          )
        }
      }
    },
  })
}

/** Gate every call `approve` names with an `ask` decision: paused in a durable run, denied otherwise. */
function gateCalls(root: Context, gate: (name: string) => string | undefined): void {
  root.on('tools/pre-execute', async (exec, next) => {
    const rule = gate(exec.name)
    return rule === undefined ? next() : { kind: 'ask', reason: `approve: ${rule}` }
  })
}

/**
 * Build the app of `plan`: the store, then the runtime alongside SystemPrompt, ToolRegistry, the
 * front door's tools, the MCP servers and the facade's tools (in that order). On any failure what
 * started is disposed (no child process is left) and an IsocodeError names the part that failed.
 */
export async function openApp(plan: AppPlan, parts: AppParts = {}): Promise<App> {
  // why: R-113 — a bad or unreachable store fails here, not at the first pause.
  const { store, owned } = await openStore(plan)
  const root = new Context()
  if (parts.log !== undefined) exportLogs(root, parts.log)
  const fibers: Fiber[] = []
  const runtimeFibers: Fiber[] = []
  const dispose = async (): Promise<void> => {
    // why: tools and MCP connections first, the runtime last (it may still be ending a run).
    for (const fiber of [...runtimeFibers.splice(0), ...fibers.splice(0)].toReversed()) await fiber.dispose()
    if (owned) await store.close()
  }
  // why: R-150 — the runtime's first child starts while the rest of the host boots; the start is
  // settled into a value at once, so a failure is never an unhandled rejection while the rest boots.
  const starting = startRuntime(plan, root, parts.onRun).then(
    (runtime) => {
      runtimeFibers.push(...runtime.fibers)
      return { runtime }
    },
    (error: unknown) => ({ error }),
  )
  try {
    fibers.push(await root.plugin(SystemPrompt))
    if (parts.setup !== undefined) fibers.push(...(await parts.setup(root)))
    const { toolCalls, sdkBytes } = plan.budgets
    fibers.push(
      await root.plugin(ToolRegistry, {
        mode: plan.mode,
        ...(sdkBytes === undefined ? {} : { sdkBytes }),
        ...(toolCalls === undefined ? {} : { toolCalls }),
        check: plan.check,
      }),
    )
    const rule = approvalRule(plan.approve)
    const gate = (name: string, definition = root.tools.get(name)): string | undefined =>
      rule(name, definition !== undefined && toolHints(definition)?.destructiveHint === true)
    if (plan.approve.length > 0) gateCalls(root, (name) => gate(name))
    if (parts.load !== undefined) await parts.load(root)
    if (plan.mcp.length > 0) {
      // why: the MCP SDK loads only when a server is asked for.
      const { startMcpClients } = await import('@isocode/mcp')
      try {
        await startMcpClients(root, plan.mcp, fibers)
      } catch (error) {
        throw new IsocodeError(`${plan.say.mcp}: ${errorMessage(error)}`, 'STARTUP', { cause: error })
      }
    }
    if (parts.tools !== undefined && parts.tools.length > 0) fibers.push(await registerTools(root, parts.tools))
    const started = await starting
    if ('error' in started) throw started.error
    const { runtime } = started
    const own = new Map((parts.tools ?? []).map(({ definition, meta }) => [definition.name, meta]))
    const tools = toolFacts(own, (name) => root.tools.get(name), {
      gate,
      hints: toolHints,
      // why: a schema the facade's strict checker refuses is left to the tool's own server.
      check: async (name, definition, args) => {
        const prepared = await prepareSchema(name, 'inputSchema', definition.parameters).catch(() => undefined)
        const checked = await prepared?.check(args)
        return checked === undefined || checked.ok ? [] : checked.violations
      },
    })
    const keys = new Map<string, string>()
    // why: R-113 — runs are recorded only when a store was given or a tool can pause; otherwise
    // nothing could ever decide or resume them, and recording would cost every call a write.
    // why: R-125 — both front doors see the saved programs and state of the one store, once every
    // tool is registered (a program whose tool is missing is listed stale, R-121).
    await root.tools.programs.use(store)
    const recording =
      plan.store !== undefined || plan.approve.length > 0 || [...own.values()].some((m) => m.needsApproval !== false)
    return {
      root,
      budgets: runtime.budgets,
      plan,
      store,
      recording,
      tools,
      keys,
      assemble: () => root.systemPrompt.assemble(),
      execute: (input) => root.tools.execute(input),
      onToolsChange: (listener) => void root.on('tools/change', listener),
      programs: root.tools.programs,
      durable: (resumed) => facadeRuns(new DurableRuns(store, tools, keys, resumed)),
      dispose,
    }
  } catch (error) {
    // why: nothing half-started on a failed boot: wait for the runtime's start to settle, then take
    // everything apart. A runtime that failed is named first, as when it booted before the rest.
    const started = await starting
    await dispose()
    throw 'error' in started ? started.error : error
  }
}

/**
 * The recorded runs of `plan.store` without the rest of the app: list, show, cancel and roll back
 * need no runtime and no tools (a resume does: it goes through {@link openApp}).
 */
export async function openRuns(
  plan: Pick<AppPlan, 'store' | 'say'>,
): Promise<{ runs: CodeModeRuns; close(): Promise<void> }> {
  const { store, owned } = await openStore(plan)
  const none: ToolFacts = { get: () => undefined }
  const runs = facadeRuns(
    new DurableRuns(store, none, new Map(), () => () => {
      throw new IsocodeError('runs: resuming needs the tools; boot the app with openApp', 'STARTUP')
    }),
  )
  return { runs: runs.api(), close: async () => void (owned ? await store.close() : undefined) }
}
