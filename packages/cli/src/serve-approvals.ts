// Recorded runs under `isocode serve` (rules R-143 to R-146): run_code pauses at a gated call, a
// client with elicitation decides in place, any other gets the paused run and resumes it with
// run_resume once the user decided it (the CLI's `runs approve`, or the facade on the same store).
import { isPlainObject } from '@isocode/code-runtime'
import type { ApprovalCall, ServeApprovals, ServeResult } from '@isocode/mcp'
import { RUN_CODE } from '@isocode/registry'
import type { JsonValue, ToolExecutionResult } from '@isocode/registry'
import { runOutcome } from '@isocode/registry/internal'
import { IsocodeError } from 'isocode/internal'
import type { App, CodeModeResult, PendingCall, RunInfo } from 'isocode/internal'
import type { CliApp } from './app.ts'
import { counted } from './counted.ts'
import { pendingLine } from './pause.ts'

/** How long `serve` waits for an elicitation answer by default (`--approval-wait-s`). */
export const DEFAULT_APPROVAL_WAIT_S = 300

type DurableRuns = ReturnType<App['durable']>

type Execute = Parameters<DurableRuns['start']>[1]

const text = (value: string): ToolExecutionResult['content'] => [{ type: 'text', text: value }]

const json = (value: Record<string, unknown>): JsonValue => value as JsonValue

function refused(message: string): ServeResult {
  return { content: text(message), isError: true }
}

/** What the model reads about a paused run: the calls, the id, and that the user decides (R-144). */
function pausedText(
  runId: string,
  pending: readonly PendingCall[],
  flags: readonly string[],
  durable: boolean,
): string {
  const lines = [
    `The run paused: ${counted(pending.length, 'call')} ${pending.length === 1 ? 'needs' : 'need'} the user's approval, and nothing after ${pending.length === 1 ? 'it' : 'them'} ran:`,
    ...pending.map((call) => `  ${pendingLine(call)}`),
    `run id: ${runId}`,
  ]
  if (durable)
    lines.push(
      `Ask the user to approve or reject it; they decide it with \`isocode runs approve ${runId} ${flags.join(' ')}\` (or \`isocode runs reject ${runId} … --reason "…"\`).`,
      `Then call ${'run_resume'} with {"runId": "${runId}"} to get the result. Do not run the program again: its earlier calls would be made again.`,
    )
  else
    lines.push(
      'This server keeps runs in memory only (no --store), so only a client that answers elicitation can decide it; serve with --store file:<path> to decide runs with `isocode runs approve`.',
    )
  return lines.join('\n')
}

/** The MCP result of a run's outcome: run_code's own on completion or failure, the pending calls on a pause. */
function present(
  outcome: CodeModeResult,
  raw: ToolExecutionResult | undefined,
  flags: readonly string[],
  durable: boolean,
): ServeResult {
  const base = isPlainObject(raw?.structuredContent) ? { ...raw.structuredContent } : {}
  const runId = outcome.runId === undefined ? {} : { runId: outcome.runId }
  if (outcome.status === 'paused') {
    // why: a paused run has not failed; its error (kind paused) is the pending calls, listed as data.
    delete base.error
    return {
      content: text(pausedText(outcome.runId, outcome.pending, flags, durable)),
      isError: false,
      structuredContent: json({ ...base, status: 'paused', ...runId, pending: outcome.pending }),
    }
  }
  const agrees = raw !== undefined && raw.isError === !outcome.ok
  if (agrees) return { ...raw, structuredContent: json({ ...base, status: outcome.status, ...runId }) }
  // why: the run store may fail a run the program finished (R-113); the outcome says so.
  return {
    content: text(outcome.text),
    isError: !outcome.ok,
    structuredContent: json({
      logs: outcome.logs,
      usage: outcome.usage,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      status: outcome.status,
      ...runId,
    }),
  }
}

/** The result a run recorded when it finished (run_resume of a run the CLI already resumed). */
function finished(info: RunInfo): ServeResult {
  const result = isPlainObject(info.result) ? (info.result as Partial<CodeModeResult>) : {}
  if (info.status !== 'completed' && info.status !== 'failed')
    return refused(`run_resume: run ${info.runId} is ${info.status}; it cannot be resumed`)
  const structured: Record<string, unknown> = {
    logs: result.logs ?? [],
    usage: result.usage ?? { cpuMs: 0, wallMs: 0, toolCalls: 0, outputBytes: 0 },
    status: info.status,
    runId: info.runId,
  }
  if (result.value !== undefined) structured.value = result.value
  if (result.error !== undefined) structured.error = result.error
  return {
    content: text(typeof result.text === 'string' ? result.text : `run ${info.runId} ${info.status}`),
    isError: info.status === 'failed',
    structuredContent: json(structured),
  }
}

function waiting(info: RunInfo, flags: readonly string[]): ServeResult {
  return {
    content: text(
      `Run ${info.runId} is still waiting for the user's decision on ${counted(info.pending.length, 'call')}; nothing ran:\n${info.pending.map((call) => `  ${pendingLine(call)}`).join('\n')}\nAsk the user to decide it (\`isocode runs approve ${info.runId} ${flags.join(' ')}\` or \`isocode runs reject …\`), then call run_resume again.`,
    ),
    isError: false,
    structuredContent: json({
      status: 'paused',
      runId: info.runId,
      pending: info.pending,
      logs: [],
      usage: { cpuMs: 0, wallMs: 0, toolCalls: 0, outputBytes: 0 },
    }),
  }
}

/**
 * The recorded runs `serve` offers over MCP, or undefined when the app records none (no `--store`
 * and no `--approve`: nothing can pause, R-113). `flags` rebuild the same tools for `runs approve`.
 */
export function serveApprovals(
  app: CliApp,
  options: { waitS: number; flags: readonly string[] },
): ServeApprovals | undefined {
  if (!app.app.recording) return undefined
  const durable = app.app.plan.store !== undefined && app.app.plan.store !== 'memory:'
  const { flags } = options

  async function drive(
    call: ApprovalCall,
    first: (runs: DurableRuns, execute: (args: unknown) => Execute) => Promise<CodeModeResult>,
  ): Promise<ServeResult> {
    let raw: ToolExecutionResult | undefined
    const execute =
      (args: unknown, scope = call.scope): Execute =>
      async (recorder, runId) => {
        raw = await call.slot((signal) =>
          app.root.tools.execute({
            callId: call.callId,
            name: RUN_CODE,
            arguments: args,
            signal,
            ...(call.onRunEvent === undefined ? {} : { onRunEvent: call.onRunEvent }),
            ...(scope === undefined ? {} : { scope }),
            durable: recorder,
          }),
        )
        return runOutcome(raw, runId)
      }
    // why: a resume runs the stored program again, with its code and the state scope it started in (R-111, R-127).
    const runs = app.app.durable((code, scope) => execute({ code }, scope))
    try {
      let outcome = await first(runs, execute)
      // why: R-143 — the run has ended at the pause (no wall budget runs while the user reads the
      // question); the answer is recorded and the run resumed by replay, in place.
      while (outcome.status === 'paused' && call.elicit !== undefined) {
        const decisions = await call.elicit(outcome.pending)
        if (decisions === undefined) break
        outcome = await runs.decide(outcome.runId, decisions, 'approve')
      }
      return present(outcome, raw, flags, durable)
    } catch (error) {
      if (!(error instanceof IsocodeError)) throw error
      if (call.name !== 'run_resume') return refused(`${call.name}: ${error.message}`)
      const runId = (call.arguments as { runId: string }).runId
      const info = await runs.api().get(runId)
      // why: R-144 — undecided calls: the run still waits, and nothing ran.
      if (info !== undefined && error.code === 'INVALID_DECISIONS' && info.pending.length > 0)
        return waiting(info, flags)
      // why: the CLI's `runs approve` resumes the run in its own process; its result is the answer.
      if (info !== undefined && error.code === 'RUN_NOT_PAUSED') return finished(info)
      return refused(error.message)
    }
  }

  return {
    waitMs: options.waitS * 1000,
    call: async (call) => {
      const args = call.arguments
      if (call.name === RUN_CODE) {
        const code = isPlainObject(args) && typeof args.code === 'string' ? args.code : undefined
        // why: arguments run_code refuses are refused by the registry as they always are; nothing to record.
        if (code === undefined)
          return call.slot((signal) =>
            app.root.tools.execute({
              callId: call.callId,
              name: RUN_CODE,
              arguments: args,
              signal,
              ...(call.scope === undefined ? {} : { scope: call.scope }),
            }),
          )
        return drive(call, (runs, execute) => runs.start(code, execute(args), call.scope))
      }
      const runId = isPlainObject(args) ? args.runId : undefined
      if (typeof runId !== 'string' || runId.trim() === '')
        return refused('run_resume: runId must be the runId of a paused run_code result (a non-empty string)')
      // why: R-145 — run_resume never decides; it resumes only a run whose decisions are recorded.
      return drive(call, (runs) => runs.resume(runId))
    },
  }
}
