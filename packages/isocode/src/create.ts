import { onAbort } from '@isocode/code-runtime'
import { RUN_CODE, selfContainedRunCodeDescription } from '@isocode/registry'
import { openApp } from './assembly/app.ts'
import type { App } from './assembly/app.ts'
import { checkOptions } from './check-options.ts'
import { toDefinition } from './define.ts'
import type { DefinedTool } from './define.ts'
import { runOutcome } from '@isocode/registry/internal'
import type { Recorder } from '@isocode/registry/internal'
import { IsocodeError } from './errors.ts'
import { runListener, runStream } from './events.ts'
import type { CodeModeOptions } from './options.ts'
import { createPrograms } from './programs/programs.ts'
import { scopeOption } from './programs/scope.ts'
import { refusedResult } from './result.ts'
import { RunSlots } from './run-slots.ts'
import type { RunEventListener } from '@isocode/registry'
import type { CodeMode, CodeModeResult, CodeModeRuns, CodeModeTool, RunCodeArgs } from './types.ts'

/**
 * Boot Code Mode over `options.tools` and `options.mcp`: `cm.tool` (run_code, for any framework),
 * `cm.sdk` and `cm.run`. Bad options throw one IsocodeError before anything starts.
 */
export async function createCodeMode(options: CodeModeOptions = {}): Promise<CodeMode> {
  const resolved = checkOptions(options)
  // why: R-112 — a tool's execute reads its call's idempotency key through this lookup.
  let keys: Map<string, string> | undefined
  const tools: DefinedTool[] = []
  for (const [name, tool] of Object.entries(resolved.tools))
    tools.push(await toDefinition(name, tool, (callId) => keys?.get(callId)))
  const app = await openApp(resolved.plan, { tools })
  keys = app.keys
  try {
    return await open(app, new RunSlots(resolved.concurrency))
  } catch (error) {
    await app.dispose()
    throw error
  }
}

async function assemble(
  app: App,
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

async function open(app: App, slots: RunSlots): Promise<CodeMode> {
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
        return runOutcome(result, runId)
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
  // why: R-113 — a recorded run and a resumed one run through the same slots and budgets;
  // R-121 — a resumed run reads and writes the state scope it started in.
  const runs = app.durable(
    (code, scope) => (recorder, runId) => execute({ code }, undefined, undefined, recorder, runId, scope),
  )
  const started = async (
    args: RunCodeArgs,
    signal?: AbortSignal,
    onRunEvent?: RunEventListener,
    scope?: string,
  ): Promise<CodeModeResult> => {
    if (closing !== undefined)
      throw new IsocodeError('run_code: this Code Mode is closed; call createCodeMode again for a new one', 'CLOSED')
    if (!app.recording) return execute(args, signal, onRunEvent, undefined, undefined, scope)
    return runs.start(args.code, (recorder, runId) => execute(args, signal, onRunEvent, recorder, runId, scope), scope)
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
      store: app.store,
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
