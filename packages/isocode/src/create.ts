import { onAbort } from '@isocode/code-runtime'
import { RUN_CODE, selfContainedRunCodeDescription } from '@isocode/registry'
import type { ToolDefinition } from '@isocode/registry'
import type { RunStore } from '@isocode/run-store'
import { boot, openStore } from './boot.ts'
import type { Booted } from './boot.ts'
import { serverConfigs } from './boot.ts'
import { checkOptions } from './check-options.ts'
import { toDefinition } from './define.ts'
import type { ToolMeta } from './define.ts'
import { DurableRuns } from './durable/runs.ts'
import type { Recorder } from './durable/recorder.ts'
import { IsocodeError } from './errors.ts'
import { runListener, runStream } from './events.ts'
import type { CodeModeOptions } from './options.ts'
import { createPrograms } from './programs/programs.ts'
import { scopeOf, scopeOption } from './programs/scope.ts'
import { refusedResult, toCodeModeResult } from './result.ts'
import { RunSlots } from './run-slots.ts'
import type { RunEventListener } from '@isocode/registry'
import type { CodeMode, CodeModeResult, CodeModeRuns, CodeModeTool, RunCodeArgs } from './types.ts'

/**
 * Boot Code Mode over `options.tools` and `options.mcp`: `cm.tool` (run_code, for any framework),
 * `cm.sdk` and `cm.run`. Bad options throw one IsocodeError before anything starts.
 */
export async function createCodeMode(options: CodeModeOptions = {}): Promise<CodeMode> {
  const resolved = checkOptions(options)
  const definitions: ToolDefinition[] = []
  const metas = new Map<string, ToolMeta>()
  // why: R-112 — a tool's execute reads its call's idempotency key through this lookup.
  const keys = new Map<string, string>()
  for (const [name, tool] of Object.entries(resolved.tools)) {
    const defined = await toDefinition(name, tool, (callId) => keys.get(callId))
    definitions.push(defined.definition)
    metas.set(name, defined.meta)
  }
  const servers = serverConfigs(resolved.mcp)
  // why: R-113 — runs are recorded only when a store was given or a tool can pause; otherwise
  // nothing could ever decide or resume them, and recording would cost every call a write.
  const recording = resolved.store !== undefined || [...metas.values()].some((meta) => meta.needsApproval !== false)
  // why: R-113 — a bad or unreachable store fails here, not at the first pause; without one the
  // empty in-memory store still answers `cm.runs` (no runs, RUN_NOT_FOUND).
  const { store, owned } = await openStore(resolved.store ?? 'memory:')
  let app: Booted
  try {
    app = await boot(resolved, definitions, servers)
  } catch (error) {
    if (owned) await store.close()
    throw error
  }
  try {
    return await open(app, new RunSlots(resolved.concurrency), { store, owned, recording, metas, keys })
  } catch (error) {
    await app.dispose()
    if (owned) await store.close()
    throw error
  }
}

/** The run store of one Code Mode, the durable facts of its tools and the shared idempotency keys. */
interface Durability {
  store: RunStore
  owned: boolean
  /** Whether runs are recorded at all. */
  recording: boolean
  metas: ReadonlyMap<string, ToolMeta>
  keys: Map<string, string>
}

async function assemble(
  app: Booted,
): Promise<{ sdk: string; description: string; inputSchema: CodeModeTool['inputSchema'] }> {
  const { system, tools } = await app.assemble()
  const transport = tools.find((tool) => tool.name === RUN_CODE)
  if (transport === undefined)
    throw new IsocodeError('createCodeMode: the registry contributed no run_code tool', 'STARTUP')
  return {
    sdk: system,
    description: selfContainedRunCodeDescription(transport.description ?? '', system),
    inputSchema: transport.parameters as unknown as CodeModeTool['inputSchema'],
  }
}

async function open(app: Booted, slots: RunSlots, durability: Durability): Promise<CodeMode> {
  // why: R-120 — saved programs and state live in the run store (in memory when none was given).
  await app.programs.use(durability.store)
  let current = await assemble(app)
  let closing: Promise<void> | undefined
  let calls = 0
  // why: close() aborts and awaits every live run, so none is left pending (R-63, RT-29).
  const live = new Map<AbortController, Promise<unknown>>()
  // why: an MCP server's list_changed changes the tools, so the SDK text follows them.
  // why: closing unregisters every tool; the last text stays what `sdk` and `tool` show after it.
  app.onToolsChange(() => {
    if (closing !== undefined) return
    assemble(app).then(
      (next) => void (closing === undefined && (current = next)),
      () => undefined,
    )
  })

  const execute = async (
    args: RunCodeArgs,
    signal: AbortSignal | undefined,
    onRunEvent: RunEventListener | undefined,
    recorder: Recorder | undefined,
    runId: string | undefined,
    scope: string | undefined,
  ): Promise<CodeModeResult> => {
    if (closing !== undefined)
      throw new IsocodeError('run_code: this Code Mode is closed; call createCodeMode again for a new one', 'CLOSED')
    const run = new AbortController()
    const follow = (): void => run.abort(signal?.reason)
    if (signal?.aborted === true) follow()
    const detach = onAbort(signal, follow)
    const pending = (async (): Promise<CodeModeResult> => {
      const refused = await slots.admit(run.signal)
      if (refused !== undefined) return refusedResult(refused.kind, refused.message, runId)
      try {
        const result = await app.execute({
          callId: `isocode:${++calls}`,
          name: RUN_CODE,
          // why: R-54 — description is optional; a program run from code usually has none.
          arguments:
            args.description === undefined ? { code: args.code } : { code: args.code, description: args.description },
          signal: run.signal,
          ...(recorder === undefined ? {} : { durable: recorder }),
          ...(onRunEvent === undefined ? {} : { onRunEvent }),
          ...(scope === undefined ? {} : { scope }),
        })
        return toCodeModeResult(result, runId)
      } finally {
        slots.release()
      }
    })()
    live.set(run, pending)
    try {
      return await pending
    } finally {
      detach()
      live.delete(run)
    }
  }

  // why: R-113 — a recorded run and a resumed one run through the same slots and budgets.
  const runs = new DurableRuns(
    durability.store,
    durability.metas,
    durability.keys,
    // why: R-121 — a resumed run reads and writes the state scope it started in.
    (code, options) => (recorder, runId) => execute({ code }, undefined, undefined, recorder, runId, scopeOf(options)),
  )
  const started = async (
    args: RunCodeArgs,
    signal?: AbortSignal,
    onRunEvent?: RunEventListener,
    scope?: string,
  ): Promise<CodeModeResult> => {
    if (closing !== undefined)
      throw new IsocodeError('run_code: this Code Mode is closed; call createCodeMode again for a new one', 'CLOSED')
    if (!durability.recording) return execute(args, signal, onRunEvent, undefined, undefined, scope)
    return runs.start(
      args.code,
      (recorder, runId) => execute(args, signal, onRunEvent, recorder, runId, scope),
      scope === undefined ? undefined : { scope },
    )
  }
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (closing !== undefined)
        throw new IsocodeError('runs: this Code Mode is closed; call createCodeMode again for a new one', 'CLOSED')
      return fn(...args)
    }
  const api = runs.api()
  const runsApi: CodeModeRuns = {
    approve: guarded(api.approve),
    reject: guarded(api.reject),
    resume: guarded(api.resume),
    get: guarded(api.get),
    list: guarded(api.list),
    pending: guarded(api.pending),
    cancel: guarded(api.cancel),
    rollback: guarded(api.rollback),
  }

  const tool: CodeModeTool = {
    name: RUN_CODE,
    get description() {
      return current.description
    },
    get inputSchema() {
      return current.inputSchema
    },
    async execute(args, options) {
      const bad =
        typeof args !== 'object' ||
        args === null ||
        typeof args.code !== 'string' ||
        (args.description !== undefined && typeof args.description !== 'string')
      if (bad) throw new IsocodeError('run_code: args must be { code: string, description?: string }', 'INVALID_ARGS')
      return started(args, options?.signal, runListener('tool.execute', options), scopeOption('tool.execute', options))
    },
  }
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      // why: queued runs are refused, running ones aborted (the registry ends a sub-call that
      // ignores its signal after a short grace, R-63); each settles as a value before disposal.
      slots.close()
      for (const run of live.keys()) run.abort(new Error('the Code Mode was closed'))
      await Promise.allSettled(live.values())
      await app.dispose()
      if (durability.owned) await durability.store.close()
    })())
  return {
    get sdk() {
      return current.sdk
    },
    tool,
    async run(code, options) {
      if (typeof code !== 'string')
        throw new IsocodeError(`run: code must be a string (the program); got ${typeof code}`, 'INVALID_ARGS')
      return started({ code }, options?.signal, runListener('run', options), scopeOption('run', options))
    },
    stream(code, options) {
      if (typeof code !== 'string')
        throw new IsocodeError(`stream: code must be a string (the program); got ${typeof code}`, 'INVALID_ARGS')
      const scope = scopeOption('stream', options)
      return runStream(
        (signal, onEvent) => started({ code }, signal, runListener('stream', { onEvent }), scope),
        options,
      )
    },
    runs: runsApi,
    programs: createPrograms({
      library: app.programs,
      store: durability.store,
      reassemble: async () => {
        if (closing === undefined) current = await assemble(app)
      },
      open: (what) => {
        if (closing !== undefined)
          throw new IsocodeError(`${what}: this Code Mode is closed; call createCodeMode again for a new one`, 'CLOSED')
      },
    }),
    close,
    [Symbol.asyncDispose]: close,
  }
}
