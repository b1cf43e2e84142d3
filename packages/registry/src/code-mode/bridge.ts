import {
  bindingErrorCode,
  type CodeBinding,
  type CodeBindingNamespace,
  type CodeCallOutcome,
  type CodeCallSite,
  type CodeReplay,
  type CodeReplayCall,
  type JsonValue,
  toLosslessJson,
} from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import { TOOL_CALL_ERROR_CLASS, TOOL_CALL_ERROR_TOOL_PROPERTY } from '@isocode/sdk-codegen'
import type {
  DurableCall,
  ReplayableCall,
  RunDurability,
  ScopeKey,
  ToolDefinition,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
} from '../types.ts'
import type { ToolCallBudget } from './call-budget.ts'
import { callFailureText } from './call-error.ts'
import { contentToText, programValue } from './result-text.ts'
import { accessor, discoveryMembers } from './discovery.ts'
import { DispatchQueue } from './queue.ts'
import { registryFailure, errorResult } from '../pipeline/results.ts'
import type { RunSpan } from './tracing.ts'
import type { RunEvents } from './run-events.ts'
import type { ProgramLibrary } from './programs/library.ts'

/** The global the program calls its tools through, and the error class a failed call throws. */
export const TOOLS_GLOBAL = 'tools'
// why: the same names the tools:sdk instructions promise the program.
export const TOOL_ERROR_CLASS = {
  name: TOOL_CALL_ERROR_CLASS,
  memberNameProperty: TOOL_CALL_ERROR_TOOL_PROPERTY,
} as const

/** What one run's bridge needs from the registry. */
export interface BridgeHost {
  /** The registry's complete pipeline (`ctx.tools.execute`). */
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
  /**
   * The session log of `scope` for one run: appends a durable event and never throws, or
   * undefined when no session sink is loaded. Looked up once per run, not per call.
   */
  sessionLog(scope: ScopeKey | undefined): SessionLog | undefined
  /** How many calls to concurrencySafe tools may run at once. */
  concurrentCallLimit(): number
  /** How many tool calls one run may dispatch (the registry's `toolCalls`). */
  toolCalls(): number
}

/** Appends one event to a run's session log; never throws. */
export type SessionLog = (event: SessionEvent) => Promise<void>

/**
 * How long a sub-call still in flight when its run ended may take to settle before it is
 * abandoned: enough for a tool that honours its signal, short beside any wall budget.
 */
export const ABANDON_GRACE_MS = 250

/** One run's bindings plus the settlement hook run_code calls when the program is done. */
export interface CodeBridge {
  readonly namespace: CodeBindingNamespace
  /**
   * Stop accepting calls and wait for the sub-calls in flight (the run-scoped abort has fired) at
   * most {@link ABANDON_GRACE_MS}; those still pending then are abandoned and logged as such.
   * `ending` names how the run ended (a failure kind, or `ok`), for the abandoned calls' text.
   */
  settle(ending: string): Promise<void>
  /** The sub-calls dispatched so far: what `toolCalls` counts and the run's `toolCalls`. */
  readonly dispatched: number
  /** The runtime's `onIdle` (RT-64): the program ended a turn, every call of it reached the bridge. */
  readonly turnEnded: () => void
  /** Of {@link dispatched}, the calls a durable run served from its log or ran again. */
  readonly replayed: number
  /** A resumed durable run's recorded outcomes, for its runtime to serve itself (R-111, RT-71). */
  readonly replay: CodeReplay | undefined
}

/** Calls a durable run's guest may have in flight at once (the bridge's queue still orders them). */
const DURABLE_CALLS_IN_FLIGHT = 1024

/**
 * The most JSON a resumed run hands its runtime to serve itself (R-111, RT-71); calls past it
 * are served through the bridge as any recorded call.
 */
const HELD_OUTCOME_BYTES = 8 * 1024 * 1024

/** What a queued task returns when the durable run stopped instead of dispatching. */
const STOPPED: unique symbol = Symbol('stopped')

/** The isError result an abandoned sub-call is logged and reported with. */
function abandonedResult(input: ToolExecutionInput, ending: string): ToolExecutionResult {
  return errorResult(
    input.callId,
    registryFailure(
      'ABORTED',
      `tools${accessor(input.name)} was abandoned: it had not settled ${ABANDON_GRACE_MS} ms after the run ended (${ending}); its late result is dropped`,
    ),
  )
}

function dispatchEvent(input: ToolExecutionInput, outer: ToolExecution, result: ToolExecutionResult): SessionEvent {
  const event: SessionEvent = {
    type: 'tool/code-dispatch',
    callId: input.callId,
    parentCallId: outer.callId,
    name: input.name,
    arguments: input.arguments as JsonValue,
    isError: result.isError,
    content: contentToText(result.content),
  }
  if (result.error !== undefined) event.error = { name: result.error.name, code: result.error.code }
  return event
}

/** What a sub-call gives the program: its value, or a thrown failure text. */
function finish(name: string, typed: boolean, result: ToolExecutionResult): JsonValue {
  // why: R-115 — the failure's code reaches the program as the ToolCallError's `code` (RT-63).
  if (result.isError)
    throw result.error === undefined
      ? new Error(callFailureText(name, result))
      : Object.assign(new Error(callFailureText(name, result)), { code: result.error.code })
  // why: a sub-call's additionalContext is dropped on purpose (it would break call/result adjacency).
  return programValue(result, typed)
}

/** What the program gets from a recorded call served again: exactly what {@link finish} gives it through a binding. */
function heldOutcome(name: string, typed: boolean, result: ToolExecutionResult): CodeCallOutcome {
  try {
    const value = finish(name, typed, result)
    return value === undefined ? { ok: true } : { ok: true, value }
  } catch (error) {
    const message = (error as Error).message
    const code = bindingErrorCode(error)
    return code === undefined ? { ok: false, message } : { ok: false, message, code }
  }
}

/**
 * The recorded calls a resumed run's runtime may serve itself (R-111, RT-71): those of tools in
 * this run's namespace, up to {@link HELD_OUTCOME_BYTES} of JSON.
 */
function heldCalls(recorded: readonly ReplayableCall[], tools: readonly ToolDefinition[]): CodeReplayCall[] {
  const typed = new Map(tools.map((tool) => [tool.name, tool.outputSchema !== undefined]))
  const calls: CodeReplayCall[] = []
  let bytes = 0
  for (const { seq, tool, args, result } of recorded) {
    const isTyped = typed.get(tool)
    if (isTyped === undefined) continue
    const outcome = heldOutcome(tool, isTyped, result)
    bytes += JSON.stringify(args).length + JSON.stringify(outcome).length
    if (bytes > HELD_OUTCOME_BYTES) break
    calls.push({ call: seq, global: TOOLS_GLOBAL, member: tool, args, outcome })
  }
  return calls
}

/**
 * Build the `tools` namespace of one run_code call: one binding per visible end tool, each call
 * JSON-normalized, serialized (calls to concurrencySafe tools overlap up to the registry's
 * limit), sent through the whole pipeline with the outer token as parent, and logged as a
 * `tool/code-dispatch` event in dispatch order. A tool that declares `outputSchema` resolves to
 * its `structuredContent` (what the SDK types it as), every other tool to its text. A call past
 * `budget` is refused undispatched (the budget aborts the run). With `events`, each dispatched
 * call is reported as it starts and finishes.
 */
export function createCodeBridge(
  host: BridgeHost,
  outer: ToolExecution,
  tools: readonly ToolDefinition[],
  signal: AbortSignal,
  log: SessionLog | undefined,
  budget: ToolCallBudget,
  span?: RunSpan,
  events?: RunEvents,
  durable?: RunDurability,
  stopRun: () => void = () => undefined,
  library?: ProgramLibrary,
): CodeBridge {
  const queue = new DispatchQueue()
  const limit = host.concurrentCallLimit()
  let dispatched = 0
  // why: events land in dispatch order even when concurrent calls finish out of order.
  let logTail: Promise<void> = Promise.resolve()
  // why: rule R-63 in docs/registry-contract.md — the run's end wins over a sub-call that never
  // settles (RT-24): once the grace after the run ended is over, every call still in flight
  // resolves as abandoned, and whatever its pipeline execution gives later is dropped.
  let ending = 'ok'
  let abandon!: () => void
  const abandoned = new Promise<void>((resolve) => (abandon = resolve))
  const untilAbandoned = (input: ToolExecutionInput): Promise<ToolExecutionResult> =>
    Promise.race([host.execute(input), abandoned.then(() => abandonedResult(input, ending))])
  // why: R-91 — with a run span each dispatch runs under its tool span; without one, untouched.
  // The race sits inside the span, so an abandoned call's span still ends before the run's.
  const execute = (input: ToolExecutionInput, typed: boolean, again: boolean): Promise<ToolExecutionResult> =>
    span === undefined ? untilAbandoned(input) : span.execute(input, typed, untilAbandoned, again)

  const observed = async (
    run: RunEvents,
    n: number,
    input: ToolExecutionInput,
    typed: boolean,
    again: boolean,
  ): Promise<ToolExecutionResult> => {
    const since = run.callStarted(n, input.callId, input.name, again)
    const result = await execute(input, typed, again)
    run.callFinished(n, input.callId, input.name, since, typed, result, again)
    return result
  }
  // why: R-116 — calls a resumed durable run served from its log or ran again.
  let replayed = 0

  // why: R-110 — once a durable run stops (a pause, a divergence) nothing the program does later
  // runs: its calls never settle. The run ends once the program's turn is over (RT-64: every call
  // of it reached this bridge, so the gated calls of one Promise.all pause together) and no call
  // is in flight: decided by events, never by a clock, so load cannot change the verdict.
  let stopped = false
  let ended = false
  // why: whether the program ended a turn since the last call arrived.
  let guestIdle = false
  const endIfStill = (): void => {
    if (!stopped || ended || !guestIdle || !queue.idleNow) return
    ended = true
    stopRun()
  }
  queue.onIdle(endIfStill)
  const stop = (): Promise<never> => {
    endIfStill()
    return new Promise<never>(() => undefined)
  }

  const call = (
    name: string,
    typed: boolean,
    concurrent: boolean,
    args: unknown,
    site?: CodeCallSite,
  ): Promise<JsonValue> => {
    guestIdle = false
    const refusal = (): string => `tools.${name} was called after the program settled; it was not run`
    if (queue.closed) return Promise.reject(new Error(refusal()))
    // why: rule R-56 in docs/registry-contract.md — a refused argument is never dispatched and takes no call number.
    const json = toLosslessJson(args)
    if (!json.ok) return Promise.reject(new Error(`tools.${name}: arguments must be lossless JSON (${json.reason})`))
    if (budget.exhausted) return Promise.reject(new Error(budget.refusal(name)))
    // why: R-110 — a durable run's calls go through it by the guest's call number (RT-52).
    // why: a site has both line and column or neither (RT-52), so the call carries both or neither.
    const durableCall: Omit<DurableCall, 'callId'> | undefined =
      durable === undefined || site === undefined
        ? undefined
        : site.line === undefined
          ? { seq: site.call, tool: name, args: json.value }
          : { seq: site.call, tool: name, args: json.value, line: site.line, column: site.column }
    const ran = queue.enqueue(
      async () => {
        // why: rule R-74 in docs/registry-contract.md — counted at dispatch, so calls still queued
        // under Promise.all never overrun it and exactly `max` calls run.
        if (!budget.admit(dispatched)) throw new Error(budget.refusal(name))
        const callId = `${outer.callId}:code:${dispatched + 1}`
        let callArgs: JsonValue = json.value
        let record: ((result: ToolExecutionResult) => Promise<boolean>) | undefined
        let again = false
        if (durableCall !== undefined && durable !== undefined) {
          const step = await durable.step({ ...durableCall, callId })
          if (step.kind === 'stop') {
            stopped = true
            return STOPPED
          }
          // why: R-111 — a replayed call counts once in the logical run, but is not reported or logged again.
          dispatched += 1
          if (step.kind === 'replay') {
            replayed += 1
            return finish(name, typed, step.result)
          }
          callArgs = step.args
          record = step.done
          again = step.replayed === true
          if (again) replayed += 1
        } else dispatched += 1
        const input: ToolExecutionInput = {
          callId,
          name,
          arguments: callArgs,
          parent: outer.token,
          signal,
          ...(outer.agent === undefined ? {} : { agent: outer.agent }),
        }
        const dispatchedPending =
          events === undefined ? execute(input, typed, again) : observed(events, dispatched, input, typed, again)
        // why: — the outcome is recorded before the program sees it (its commit may
        // be shared with the next call's write-ahead).
        const pending: Promise<ToolExecutionResult | typeof STOPPED> =
          record === undefined
            ? dispatchedPending
            : dispatchedPending.then(async (r) => {
                if (await record(r)) return r
                stopped = true
                return STOPPED
              })
        // why: without a session sink there is nothing to order; the call skips the log chain.
        if (log === undefined) {
          const result = await pending
          return result === STOPPED ? STOPPED : finish(name, typed, result)
        }
        const previous = logTail
        let logged!: () => void
        logTail = new Promise<void>((resolve) => (logged = resolve))
        const result = await pending
        if (result === STOPPED) {
          void previous.finally(logged)
          return STOPPED
        }
        const logging = previous
          .then(() => log(dispatchEvent(input, outer, result)))
          .catch(() => undefined)
          .finally(logged)
        // why: a serial call keeps its event before its result; a concurrent one does not wait for
        // slower calls dispatched before it (run_code still waits for every event before it returns).
        if (!concurrent) await logging
        return finish(name, typed, result)
      },
      refusal,
      concurrent ? limit : undefined,
    )
    return ran.then((value) => (value === STOPPED ? stop() : value))
  }

  // why: R-111 — a resumed run's runtime answers recorded calls itself (RT-71); each one it served
  // counts once in the logical run, as a call served through step does.
  const recorded = durable?.replayable?.() ?? []
  const replay: CodeReplay | undefined =
    durable === undefined || recorded.length === 0
      ? undefined
      : {
          calls: heldCalls(recorded, tools),
          onServed: (seq) => {
            if (durable.served?.(seq) !== true) return
            dispatched += 1
            replayed += 1
          },
        }

  // why: tool names are hostile input (`__proto__`, `constructor`): a null-prototype record.
  const functions = Object.create(null) as Record<string, CodeBinding>
  const concurrentNames: string[] = []
  for (const { name, outputSchema, concurrencySafe } of tools) {
    const typed = outputSchema !== undefined
    const concurrent = concurrencySafe === true
    if (concurrent) concurrentNames.push(name)
    functions[name] = (args, site) => call(name, typed, concurrent, args, site)
  }
  // why: registration refuses `$` names, so the discovery members never shadow a tool.
  Object.assign(
    functions,
    discoveryMembers(tools, () => queue.closed, library),
  )

  const namespace: CodeBindingNamespace = { global: TOOLS_GLOBAL, functions, errorClass: { ...TOOL_ERROR_CLASS } }
  // why: the runtime's own call queue must let these overlap too, or nothing would run at once.
  if (concurrentNames.length > 0) namespace.concurrent = { members: concurrentNames, limit }
  // why: R-110 — a durable run must see every call the program made in one turn (Promise.all)
  // to pause them together, so the guest sends them all; this queue still runs them in order.
  if (durable !== undefined)
    namespace.concurrent = { members: tools.map((tool) => tool.name), limit: DURABLE_CALLS_IN_FLIGHT }
  return {
    namespace,
    get dispatched() {
      return dispatched
    },
    get replayed() {
      return replayed
    },
    replay,
    turnEnded: () => {
      guestIdle = true
      endIfStill()
    },
    settle: async (end) => {
      ending = end
      const idle = queue.settle()
      // why: a ref'd timer, so a run waiting out its grace keeps the process alive (RT-43).
      const grace = setTimeout(abandon, ABANDON_GRACE_MS)
      try {
        await idle
        await logTail
      } finally {
        clearTimeout(grace)
      }
    },
  }
}
