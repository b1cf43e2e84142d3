import { onAbort } from '@isocode/code-runtime'
import type { CodeRunResult, CodeRuntime } from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import { CodeRunFailedError, ToolArgsError } from '../errors.ts'
import { RUN_CODE } from '../store/reserved.ts'
import type { JsonObject, ScopeKey, ToolDefinition, ToolExecution, ToolOutput } from '../types.ts'
import { type BridgeHost, createCodeBridge } from './bridge.ts'
import { TOOL_CALL_LIMIT, ToolCallBudget } from './call-budget.ts'
import { runDurabilityOf, runListenerOf, stateScopeOf } from '../pipeline/run-listener.ts'
import { DEFAULT_SCOPE, type ProgramLibrary } from './programs/library.ts'
import { requireTypeScriptRuntime } from './runtime-check.ts'
import { RunEvents } from './run-events.ts'
import { failureMessage, type RunFailure, successText } from './result-text.ts'
import { explainProgramError } from './program-error.ts'
import { failurePosition, runStructuredContent } from './structured.ts'
import { CodeModeTracing } from './tracing.ts'
import { type CheckRefusal, checkBeforeRun } from './pre-check.ts'
import { recordRun } from '../durable/record-run.ts'
import type { DurableRuns } from '../durable/runs.ts'

/** What run_code needs beyond the bridge: the runtime and the calling scope's end tools. */
export interface RunCodeHost extends BridgeHost {
  /** The registry's presentation mode, named in the unavailable-runtime error. */
  readonly mode: string
  /** The mounted `ctx.codeRuntime`, or undefined when none is loaded. */
  runtime(): CodeRuntime | undefined
  /** Whether each program is checked against its tools before it runs. */
  checkPrograms(): boolean
  /** The visible end tools of `scope` (never run_code), enumerated once per run. */
  endTools(scope: ScopeKey | undefined): readonly ToolDefinition[]
  /** Log a warning on the registry's logger (a failing tracer provider, R-94). */
  warn(message: string): void
  /** Saved programs and state; without a store, runs get neither. */
  readonly library: ProgramLibrary
  /**
   * The durable runs of the `runStore` service for a call of `exec`'s scope (R-148), or undefined
   * when no such service is up: run_code then records nothing.
   */
  durableRuns(exec: ToolExecution): DurableRuns | undefined
}

/** The wire schema of the reserved run_code transport. */
export const RUN_CODE_PARAMETERS: JsonObject = {
  type: 'object',
  properties: {
    // why: how to write the program is the tools:sdk section's job (R-78 sends it along when
    // there is no system prompt); repeating it here would be paid twice on every turn.
    code: { type: 'string', description: 'The TypeScript program.' },
    description: { type: 'string', description: 'Optional: what the program does, in one line for the user.' },
  },
  // why: R-54 — description is optional on every surface (the facade, the adapters, serve).
  required: ['code'],
  additionalProperties: false,
}

interface RunCodeArgs {
  code: string
  description?: string
}

const RUN_CODE_KEYS = new Set(Object.keys(RUN_CODE_PARAMETERS.properties as JsonObject))

function readArgs(args: JsonObject): RunCodeArgs {
  const violations: string[] = []
  if (typeof args.code !== 'string') violations.push('args.code: expected a string (the program)')
  if (args.description !== undefined && typeof args.description !== 'string')
    violations.push('args.description: expected a string when given (it is optional)')
  // why: R-54 — the schema says additionalProperties: false, so an unknown key is refused, not ignored.
  for (const key of Object.keys(args))
    if (!RUN_CODE_KEYS.has(key))
      violations.push(`args.${key}: unknown property; run_code takes only code and, optionally, description`)
  if (violations.length > 0) throw new ToolArgsError(violations, RUN_CODE)
  return args as unknown as RunCodeArgs
}

async function runProgram(
  host: RunCodeHost,
  tracing: CodeModeTracing,
  args: RunCodeArgs,
  exec: ToolExecution,
): Promise<ToolOutput> {
  const runtime = requireTypeScriptRuntime(host, host.mode)
  // why: the run-scoped abort follows the outer signal in and fires when the run settles, so a
  // budget expiry aborts an in-flight sub-tool (or its pending approval, rule R-73 in
  // docs/registry-contract.md) instead of orphaning it.
  const runAbort = new AbortController()
  const outer = exec.signal
  const follow = (): void => runAbort.abort(outer?.reason)
  if (outer?.aborted) follow()
  const detach = onAbort(outer, follow)
  const tools = host.endTools(exec.agent)
  const log = host.sessionLog(exec.agent)
  const budget = new ToolCallBudget(host.toolCalls(), (reason) => runAbort.abort(reason))
  // why: R-90 — started here, where the caller's context is still the active one.
  const span = tracing.start(exec)
  const listener = runListenerOf(exec.token)
  const events = listener === undefined ? undefined : new RunEvents(listener, exec.callId)
  const durable = runDurabilityOf(exec.token)
  // why: R-123 — the saved programs the program calls are linked into it; it runs in the caller's state scope.
  const library = host.library
  const prepared = library.prepare(args.code, tools, stateScopeOf(exec.token) ?? DEFAULT_SCOPE)
  const bridge = createCodeBridge(
    host,
    exec,
    tools,
    runAbort.signal,
    log,
    budget,
    span,
    events,
    durable,
    () => runAbort.abort(new Error('the durable run stopped')),
    library,
  )
  let result: CodeRunResult | undefined
  let refusal: CheckRefusal | undefined
  let overBudget = false
  events?.started()
  try {
    // why: R-83 — the runtime gets a line listener only when the caller has one (RT-47, RT-48):
    // the bridge names the sub-calls itself, so no runtime call events are asked for.
    // why: R-116 — a resumed durable run's first lines were already reported by an earlier execution.
    const reported = durable?.reportedLines ?? 0
    const observe =
      events === undefined ? {} : { onConsole: reported > 0 ? events.consoleAfter(reported) : events.console }
    // why: R-104 — a program the check blocks runs nothing: no call, no log line.
    refusal = host.checkPrograms() ? await checkBeforeRun(args.code, tools, library.sdk(tools)) : undefined
    result =
      refusal?.result ??
      (await runtime.run({
        program: prepared.program,
        bindings: [bridge.namespace, ...prepared.bindings],
        signal: runAbort.signal,
        ...observe,
        // why: R-110 — a durable run records (or replays) its time, randomness and timers.
        // why: R-110 — a durable run ends a pause when the program's turn is over (RT-64).
        ...(durable === undefined ? {} : { journal: durable.journal, onIdle: bridge.turnEnded }),
        // why: R-111 — a resumed run's recorded calls are answered in its runtime (RT-71).
        ...(bridge.replay === undefined ? {} : { replay: bridge.replay }),
      }))
  } finally {
    detach()
    // why: read before the settle abort below; true only when the budget's abort came first.
    overBudget = budget.endedRun(runAbort.signal)
    runAbort.abort(new Error('run_code settled'))
    // why: rule R-63 in docs/registry-contract.md — every tool/code-dispatch event lands before
    // run_code's result, but a sub-call past the grace is abandoned: the budget wins (RT-24).
    await bridge.settle(overBudget ? TOOL_CALL_LIMIT : result === undefined ? 'crash' : (result.error?.kind ?? 'ok'))
    // why: R-92 — after every tool span of the run ended, with the outcome run_code reports.
    span?.end(
      result,
      overBudget ? TOOL_CALL_LIMIT : (refusal?.failure.kind ?? result?.error?.kind),
      bridge.dispatched,
      durable === undefined ? undefined : bridge.replayed,
    )
    // why: R-82 — a runtime that rejected still ends the stream, as the pipeline's failure.
    if (result === undefined) events?.finished('crash', undefined)
  }
  const durableFailure = await durable?.end({
    ...(result.journal === undefined ? {} : { journal: result.journal }),
    failed: result.error !== undefined || overBudget,
  })
  // why: R-110 — a pause or a replay divergence, not the abort that ended the program, is the outcome.
  // why: rule R-71 in docs/registry-contract.md — the budget, not the `abort` (or the exception
  // of an uncaught refusal) it caused, is what ended the run; that abort names the call the
  // program was waiting on (RT-26), the refused one, whose line:col the message keeps.
  const failure: RunFailure | undefined =
    durableFailure ??
    (overBudget
      ? { kind: TOOL_CALL_LIMIT, message: budget.failureMessage(refusedAt(result)) }
      : (refusal?.failure ?? result.error))
  // why: after the dispatch events, before run_code's own result; listeners see it, the model never does.
  await log?.(usageEvent(exec, result, failure))
  events?.finished(failure?.kind ?? 'ok', result)
  // why: R-75 — the same run as data beside the text, on success and on failure alike.
  const structuredContent = runStructuredContent(result, failure, bridge.dispatched)
  if (failure !== undefined) {
    const names = tools.map((def) => def.name)
    // why: a check refusal already quotes every line it names.
    const explain =
      // why: the linked program, so a failure inside a saved program quotes its line.
      refusal !== undefined ? undefined : (message: string) => explainProgramError(message, prepared.program, names)
    throw new CodeRunFailedError(failureMessage(failure, result.logs, explain), structuredContent)
  }
  return { content: [{ type: 'text', text: successText(result) }], structuredContent }
}

/** Where a run the tool-call budget ended was waiting: the position its runtime failure names. */
function refusedAt(result: CodeRunResult): { line: number; column: number } | undefined {
  return result.error === undefined ? undefined : failurePosition(result.error.message)
}

/**
 * The `tool/code-run` session event of one run: its outcome and what it consumed (CPU, wall,
 * binding calls and time, output bytes). Metering and UIs read it; it is not part of the content.
 */
function usageEvent(exec: ToolExecution, result: CodeRunResult, failure: RunFailure | undefined): SessionEvent {
  // why: a backend written against an older seam may omit usage; the event then says so.
  const usage = (result as Partial<CodeRunResult>).usage
  return {
    type: 'tool/code-run',
    callId: exec.callId,
    outcome: failure?.kind ?? 'ok',
    usage:
      usage === undefined
        ? null
        : {
            cpuMs: usage.cpuMs,
            wallMs: usage.wallMs,
            bindingCalls: usage.bindingCalls,
            bindingMs: usage.bindingMs,
            outputBytes: usage.outputBytes,
          },
  }
}

/** Build the reserved run_code transport definition for one registry. */
export function createRunCodeTool(host: RunCodeHost): ToolDefinition {
  const tracing = new CodeModeTracing((message) => host.warn(message))
  return {
    name: RUN_CODE,
    description: 'Run a TypeScript program that calls the `tools` SDK described in the system prompt.',
    parameters: RUN_CODE_PARAMETERS,
    async execute(args, exec) {
      const read = readArgs(args)
      // why: R-148 — a call that brings no durable side of its own is recorded in the runStore
      // service's store, when one is up; a resume brings its recorder, so it is not recorded twice.
      const runs = runDurabilityOf(exec.token) === undefined ? host.durableRuns(exec) : undefined
      if (runs === undefined) return runProgram(host, tracing, read, exec)
      return recordRun(runs, read.code, exec, () => runProgram(host, tracing, read, exec))
    },
    presentCall(args) {
      return typeof args.code === 'string' ? { card: 'generic', kind: 'execute', title: args.code } : undefined
    },
  }
}
