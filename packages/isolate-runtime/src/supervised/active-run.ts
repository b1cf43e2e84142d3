import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunResult, CodeRunUsage } from '@isocode/code-runtime'
import type { BindingOutcome } from '../engine/binding-call.ts'
import type { CallScheduler } from '../engine/call-scheduler.ts'
import type { OutputBook } from '../engine/output-book.ts'
import type { Call, Reply } from './wire/child-protocol.ts'

/** How a run handed to a child ended: its result, and whether its process died before the program started (RT-42). */
export interface HostRun {
  result: CodeRunResult
  diedBeforeStart: boolean
}

/** The one run a ChildHost serves: its bindings, output, binding queue and settlement hooks. */
export interface ActiveRun {
  id: number
  members: Map<string, CodeBinding>[]
  /** The lines that reached the parent, held to the output cap here too. */
  output: OutputBook
  /** Whether the child said it handed the program to its isolate (or sent anything else of the run). */
  started: boolean
  resolve: (result: CodeRunResult, diedBeforeStart: boolean) => void
  /** When the run was handed to the child, and the binding calls the parent ran for it. */
  startedAt: number
  /** When the parent gives up on a child that stopped answering (wall budget plus backstop). */
  deadline: number
  bindingCalls: number
  bindingMs: number
  /** The run's binding calls, started where the functions run; replies not yet sent. */
  calls: CallScheduler<Call>
  outbox: Reply[]
  onLog: ((line: string) => void) | undefined
  detach: () => void
  /** Abort backstops armed for this run, cleared when it settles. */
  timers: NodeJS.Timeout[]
}

/**
 * The result of `run` as its caller gets it. Usage: CPU from the child's isolate clock; wall,
 * binding calls and binding time as the parent saw them. A run whose child died has no CPU reading
 * any more, so its wall time stands in as the upper bound (one isolate thread per process).
 */
export function settledResult(run: ActiveRun, outcome: Omit<CodeRunResult, 'usage'> & { usage?: CodeRunUsage }): CodeRunResult {
  const wallMs = Math.round((performance.now() - run.startedAt) * 1000) / 1000
  const { usage: reported, ...rest } = outcome
  return withUsage(rest, {
    cpuMs: Math.min(reported?.cpuMs ?? wallMs, wallMs),
    wallMs,
    bindingCalls: run.bindingCalls,
    bindingMs: Math.round(run.bindingMs * 1000) / 1000,
  })
}

/**
 * Queue the reply to binding call `call` of `run`; the first reply of a host turn schedules
 * `flush`, which sends the run's outbox as one message.
 */
export function queueReply(run: ActiveRun, call: number, outcome: BindingOutcome, flush: () => void): void {
  let reply: Reply = { call, ok: true }
  if (!outcome.ok) reply = { call, ok: false, message: outcome.message }
  else if (outcome.value !== undefined) reply = { call, ok: true, value: outcome.value }
  run.outbox.push(reply)
  // why: setImmediate runs after this turn's microtasks, so fast calls of a Promise.all that
  // settle in the same turn go back as one message, and reach the guest in one task.
  if (run.outbox.length === 1) setImmediate(flush)
}
