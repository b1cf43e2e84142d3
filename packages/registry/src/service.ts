import { Service } from 'cordis'
import type { Context } from 'cordis'
import { toLosslessJson } from '@isocode/code-runtime'
import { scopeOf } from '@isocode/harness'
import type { ScopeKey } from '@isocode/harness'
import { toolsChange } from './change.ts'
import type { ToolsChangeKind } from './change.ts'
import {
  concurrentCallLimitProblem,
  DEFAULT_CONCURRENT_CALL_LIMIT,
  DEFAULT_TOOL_CALLS,
  toolCallsProblem,
  sdkBytesProblem,
  ToolRegistryConfigSchema,
} from './config.ts'
import { DEFAULT_SDK_BUDGET_BYTES } from '@isocode/sdk-codegen'
import type { ToolPresentationMode, ToolRegistryConfig } from './config.ts'
import { createRunCodeTool } from './code-mode/run-code.ts'
import { ProgramLibrary } from './code-mode/programs/library.ts'
import { warmChecker } from './code-mode/pre-check.ts'
import type { RunCodeHost } from './code-mode/run-code.ts'
import { contribute } from './contribution.ts'
import type { ContributionSource } from './contribution.ts'
import { RegistryError } from './errors.ts'
import { executeTool } from './pipeline/execute.ts'
import { describeThrown } from './pipeline/results.ts'
import type { PipelineHost, TokenIssuer } from './pipeline/host.ts'
import { createTokenIssuer } from './pipeline/tokens.ts'
import { Guards } from './store/guards.ts'
import { ToolLayers } from './store/layers.ts'
import { RUN_CODE } from './store/reserved.ts'
import { Restrictions, snapshotRestriction } from './store/restrictions.ts'
import { snapshotDefinition } from './store/snapshot-definition.ts'
import { RecordedRuns } from './durable/recorded-runs.ts'
import type { RunsApi } from './durable/types.ts'
import type {
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolGuard,
  ToolRestriction,
  ToolSchema,
} from './types.ts'

declare module 'cordis' {
  interface Context {
    tools: ToolRegistry
  }
}

/**
 * `ctx.tools`: tool registration in global and per-agent layers, restrictions, guards, the
 * execution pipeline and the registry's contribution to the system prompt.
 */
export class ToolRegistry extends Service {
  static Config = ToolRegistryConfigSchema
  /** The presentation mode this registry was configured with. */
  readonly mode: ToolPresentationMode
  /** Byte budget of the tools:sdk section; over it the compact section is rendered. */
  readonly sdkBytes: number
  /** How many concurrencySafe calls one Code Mode program may have running at once. */
  readonly concurrentCallLimit: number
  /** How many tool calls one Code Mode run may dispatch before it ends with `tool-call-limit`. */
  readonly toolCalls: number
  /** Whether run_code checks each program before it runs. */
  readonly checkPrograms: boolean
  /**
   * Saved programs and state between runs: `programs.use(store)` keeps them in a
   * store; then `save`, `list`, `get`, `delete`, and every run gets `state` and `programs`.
   */
  readonly programs: ProgramLibrary
  private readonly layers = new ToolLayers()
  private readonly restrictions = new Restrictions()
  private readonly guardTable = new Guards()
  private readonly tokens: TokenIssuer = createTokenIssuer()
  private readonly host: PipelineHost
  /** The reserved run_code transport in non-native modes. */
  private readonly transport: ToolDefinition | undefined
  /** The runs recorded in the runStore service's store, and `runs`. */
  private readonly recorded: RecordedRuns

  constructor(ctx: Context, config: ToolRegistryConfig = {}) {
    super(ctx, 'tools')
    // why: Cordis has already run `Config` (defaulting and checking mode); direct construction defaults here.
    this.mode = config.mode ?? 'native'
    const sdkBytes = config.sdkBytes ?? config.sdkBudgetBytes
    const budgetProblem = sdkBytes === undefined ? undefined : sdkBytesProblem(sdkBytes)
    if (budgetProblem !== undefined) throw new RegistryError(`tools: ${budgetProblem}`, 'INVALID_DEFINITION')
    this.sdkBytes = sdkBytes ?? DEFAULT_SDK_BUDGET_BYTES
    const limitProblem =
      config.concurrentCallLimit === undefined ? undefined : concurrentCallLimitProblem(config.concurrentCallLimit)
    if (limitProblem !== undefined) throw new RegistryError(`tools: ${limitProblem}`, 'INVALID_DEFINITION')
    this.concurrentCallLimit = config.concurrentCallLimit ?? DEFAULT_CONCURRENT_CALL_LIMIT
    const toolCalls = config.toolCalls ?? config.maxToolCalls
    const callsProblem = toolCalls === undefined ? undefined : toolCallsProblem(toolCalls)
    if (callsProblem !== undefined) throw new RegistryError(`tools: ${callsProblem}`, 'INVALID_DEFINITION')
    this.toolCalls = toolCalls ?? DEFAULT_TOOL_CALLS
    if (config.check !== undefined && typeof config.check !== 'boolean')
      throw new RegistryError(`tools: check must be true or false (got ${String(config.check)})`, 'INVALID_DEFINITION')
    this.checkPrograms = config.check ?? true
    if (this.checkPrograms && this.mode !== 'native') warmChecker()
    // why: `this` here is the raw instance and `ctx` the registry's own context; the host and the
    // prompt provider must read the registry's state and dispatch on its context, never a caller's.
    this.host = Object.freeze({
      ctx,
      resolve: (name: string, scope: ScopeKey | undefined) => this.resolve(name, scope),
      guards: (scope: ScopeKey | undefined) => this.guardTable.for(scope),
    })
    this.programs = new ProgramLibrary({
      tools: () => this.endTools(undefined),
      // why: a saved or deleted program changes the SDK text, so it is announced like a tool.
      changed: (names) => this.announceQuietly(ctx, 'programs', undefined, names),
    })
    this.recorded = new RecordedRuns({
      mode: this.mode,
      execute: (exec) => this.execute(exec),
      resolve: (name, scope) => this.resolve(name, scope),
    })
    this.transport = this.mode === 'native' ? undefined : snapshotDefinition(createRunCodeTool(this.codeModeHost(ctx)))
    const source: ContributionSource = {
      endTools: (scope) => this.endTools(scope),
      endSchemas: (scope) => this.project(this.endTools(scope)),
      knownNames: (scope) => this.names(scope),
      runtime: () => ctx.get('codeRuntime') ?? undefined,
      programsSdk: (tools) => this.programs.sdk(tools),
      transportSchema: () => this.project(this.transport === undefined ? [] : [this.transport])[0] as ToolSchema,
    }
    // why: an optional child fiber instead of a static `inject`: the registry and execute() work
    // without a prompt service, and a systemPrompt reload only re-registers this provider; a hard
    // inject would restart the registry itself and wipe every registration it holds.
    ctx.inject(['systemPrompt'], (sub) => contribute(sub, source, this.mode, this.sdkBytes))
  }

  /**
   * Register a tool as a frozen snapshot in the caller's layer (global, or the agent scope of the
   * calling ctx, shadowing a same-named global there). Disposed with the calling fiber.
   */
  register(definition: ToolDefinition): () => Promise<void> {
    const snapshot = snapshotDefinition(definition)
    const name = snapshot.name
    if (name.startsWith('$')) {
      throw new RegistryError(
        `tools.register: tool names starting with "$" are reserved for the Code Mode discovery members (tools.$search, tools.$describe); rename "${name}"`,
        'RESERVED_NAME',
      )
    }
    if (this.mode !== 'native' && name === RUN_CODE) {
      throw new RegistryError(
        `tools.register: "${RUN_CODE}" is reserved for the Code Mode transport in mode "${this.mode}"; rename the tool`,
        'RESERVED_NAME',
      )
    }
    const caller = this.ctx
    const scope = scopeOf(caller)
    return caller.effect(
      () => {
        if (this.layers.has(scope, name)) {
          throw new RegistryError(
            scope === undefined
              ? `tools.register: tool "${name}" is already registered globally; to give one agent its own variant, register it from that agent's scoped context (agent.ctx.tools.register), where it shadows the global one`
              : `tools.register: tool "${name}" is already registered in this scope; dispose the existing registration first`,
            'DUPLICATE_TOOL',
          )
        }
        this.layers.add(scope, snapshot)
        this.announce(caller, 'register', scope, [name], () => this.layers.remove(scope, snapshot))
        return () => {
          if (this.layers.remove(scope, snapshot)) this.announceQuietly(caller, 'unregister', scope, [name])
        }
      },
      `tools.register(${JSON.stringify(name)})`,
    )
  }

  /**
   * Mask the global tool layer for the calling agent (scoped contexts only): `allow` keeps only the
   * listed tools, `deny` removes them; restrictions intersect and are lifted by their disposer.
   */
  restrict(filter: ToolRestriction): () => Promise<void> {
    const caller = this.ctx
    const scope = scopeOf(caller)
    if (scope === undefined) {
      throw new RegistryError(
        'tools.restrict requires a scoped context: call it on an agent scope (createAgentScope(ctx).ctx.tools.restrict(...)); a plain plugin context sees the whole global layer',
        'INVALID_RESTRICTION',
      )
    }
    const own = new Set(this.layers.layer(scope)?.keys() ?? [])
    const restriction = snapshotRestriction(filter, this.layers.globalNames(), own)
    const names = [...(restriction.allow ?? []), ...(restriction.deny ?? [])]
    return caller.effect(() => {
      this.restrictions.add(scope, restriction)
      this.announce(caller, 'restrict', scope, names, () => this.restrictions.remove(scope, restriction))
      return () => {
        this.restrictions.remove(scope, restriction)
        this.announceQuietly(caller, 'unrestrict', scope, names)
      }
    }, 'tools.restrict()')
  }

  /** The frozen definition `name` resolves to for `scope` (omitted = the global view), shadowing and restrictions applied. */
  get(name: string, scope?: ScopeKey): ToolDefinition | undefined {
    return this.resolve(name, scope)
  }

  /** The executable view of `scope` (omitted = global): the restricted global layer, then the scope's own. */
  visible(scope?: ScopeKey): ToolDefinition[] {
    const own = scope === undefined ? undefined : this.layers.layer(scope)
    const result: ToolDefinition[] = []
    for (const [name, def] of this.layers.layer(undefined) ?? []) {
      if (own?.has(name) !== true && this.restrictions.allows(scope, name)) result.push(def)
    }
    if (own !== undefined) result.push(...own.values())
    if (this.transport !== undefined) result.push(this.transport)
    return result
  }

  /** The pre-restriction name universe of `scope`: global names, then the scope's own. */
  knownNames(scope?: ScopeKey): string[] {
    return this.names(scope)
  }

  /** Fresh deep copies of `{ name, description?, parameters, outputSchema? }` of everything `scope` can see. */
  schemas(scope?: ScopeKey): ToolSchema[] {
    return this.project(this.visible(scope))
  }

  /**
   * Add a monotonic synchronous guard evaluated after tools/pre-execute: a returned string denies.
   * A plain-context guard is global, an agent-scope guard applies to that agent only.
   */
  guard(guard: ToolGuard): () => Promise<void> {
    if (typeof guard !== 'function') {
      throw new RegistryError(
        'tools.guard: guard must be a function (execution) => string | undefined',
        'INVALID_DEFINITION',
      )
    }
    const scope = scopeOf(this.ctx)
    return this.ctx.effect(() => this.guardTable.add(scope, guard), 'tools.guard()')
  }

  /**
   * Run one call through the pipeline; never rejects, every failure is an isError result. A call
   * with a usable identity (string `callId` and `name`) reaches tools/result exactly once, even when
   * its input is refused; one without gets its isError result and is not observed.
   */
  async execute(exec: ToolExecutionInput): Promise<ToolExecutionResult> {
    return executeTool(this.host, this.tokens, exec)
  }

  /**
   * Decide, resume and inspect the runs recorded in the `runStore` service's store: the
   * facade's `cm.runs` for Cordis apps. A resume runs in the calling context's agent scope.
   * Every method rejects with RegistryError `STORE` while no runStore service is up.
   */
  get runs(): RunsApi {
    return this.recorded.api(this.host.ctx, scopeOf(this.ctx))
  }

  private resolve(name: string, scope: ScopeKey | undefined): ToolDefinition | undefined {
    if (typeof name !== 'string') return undefined
    // why: the transport stays available in non-native modes whatever the scope restricts.
    if (name === RUN_CODE && this.transport !== undefined) return this.transport
    const own = scope === undefined ? undefined : this.layers.layer(scope)?.get(name)
    if (own !== undefined) return own
    const global = this.layers.layer(undefined)?.get(name)
    return global !== undefined && this.restrictions.allows(scope, name) ? global : undefined
  }

  private names(scope: ScopeKey | undefined): string[] {
    const names = new Set(this.layers.globalNames())
    for (const name of (scope === undefined ? undefined : this.layers.layer(scope)?.keys()) ?? []) names.add(name)
    return [...names]
  }

  private endTools(scope: ScopeKey | undefined): ToolDefinition[] {
    const all = this.visible(scope)
    return this.transport === undefined ? all : all.filter((def) => def !== this.transport)
  }

  // why: run_code's host reads the registry through the raw instance and its own ctx, never a caller's.
  private codeModeHost(ctx: Context): RunCodeHost {
    return {
      mode: this.mode,
      concurrentCallLimit: () => this.concurrentCallLimit,
      toolCalls: () => this.toolCalls,
      checkPrograms: () => this.checkPrograms,
      execute: (input) => this.execute(input),
      runtime: () => ctx.get('codeRuntime') ?? undefined,
      endTools: (scope) => this.endTools(scope),
      warn: (message) => ctx.logger('tools').warn(message),
      library: this.programs,
      durableRuns: (exec) => this.recorded.of(ctx, exec.agent),
      sessionLog: (scope) => {
        const sink = ctx.get('session')
        if (sink === undefined) return undefined
        return async (event) => {
          try {
            await sink.append(scope, event)
          } catch (error) {
            ctx.logger('tools').warn('session sink failed to append %s: %s', event.type, describeThrown(error))
          }
        }
      },
    }
  }

  private project(defs: readonly ToolDefinition[]): ToolSchema[] {
    return defs.map((def) => {
      const schema: ToolSchema = { name: def.name, parameters: structuredCopy(def.name, def.parameters) }
      if (def.description !== undefined) schema.description = def.description
      if (def.outputSchema !== undefined) schema.outputSchema = structuredCopy(def.name, def.outputSchema)
      return schema
    })
  }

  // why: a throwing tools/change listener during register/restrict rolls the change back and
  // reaches the caller, so nothing is left half-registered.
  private announce(
    caller: Context,
    kind: ToolsChangeKind,
    scope: ScopeKey | undefined,
    names: string[],
    rollback: () => void,
  ): void {
    try {
      caller.emit('tools/change', toolsChange(kind, scope, names))
    } catch (error) {
      rollback()
      throw error
    }
  }

  private announceQuietly(caller: Context, kind: ToolsChangeKind, scope: ScopeKey | undefined, names: string[]): void {
    try {
      caller.emit('tools/change', toolsChange(kind, scope, names))
    } catch (error) {
      try {
        this.host.ctx.logger('tools').warn('tools/change listener failed during disposal: %s', describeThrown(error))
      } catch {
        // why: disposal must finish even when logging is impossible.
      }
    }
  }
}

/** The state scope a recorded run was started in, read back from the options kept with it. */
// why: the stored parameters are frozen lossless JSON, so re-detaching them cannot fail; it yields
// a fresh mutable deep copy without recursion (any nesting depth).
function structuredCopy(name: string, schema: ToolSchema['parameters']): ToolSchema['parameters'] {
  const copy = toLosslessJson(schema)
  if (!copy.ok)
    throw new RegistryError(`tool "${name}": a stored schema is not JSON (${copy.reason})`, 'INVALID_DEFINITION')
  return copy.value as ToolSchema['parameters']
}
