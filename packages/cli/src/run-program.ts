// One program run by the CLI, start to report: through run_code, recorded when the app records
// runs (a store, a gate), paused runs decided on a terminal or handed over as a command.
import { isPlainObject } from '@isocode/code-runtime'
import { contentToText, explainProgramError, RUN_CODE } from '@isocode/registry'
import type { ToolExecutionResult } from '@isocode/registry'
import { runOutcome } from '@isocode/registry/internal'
import type { App, CodeModeResult } from 'isocode/internal'
import type { CliApp } from './app.ts'
import type { Io } from './io.ts'
import { liveTimeline } from './live.ts'
import { askDecisions, PAUSED, pauseMessage } from './pause.ts'
import { renderReport } from './report.ts'
import type { RunReport } from './run-journal.ts'

/** The exit code of a run aborted by SIGINT (128 + the signal number, as shells report it). */
export const INTERRUPTED = 130

/** A SIGINT this soon after the first is the same Ctrl-C delivered twice, not a second one. */
const SIGINT_REPEAT_MS = 1000

type DurableRuns = ReturnType<App['durable']>
type Recorder = Parameters<Parameters<DurableRuns['start']>[1]>[0]
/** Runs the program once (its first execution or a resume), with the recorder of a recorded run. */
type Execute = (recorder?: Recorder, runId?: string) => Promise<CodeModeResult>

/** How the CLI drives one program: what it runs, how it reports, how a pause is handed over. */
export interface DriveOptions {
  /** The program's text (explained failures quote it). */
  code: string
  /** The note run_code gets (`isocode run <file>`). */
  description: string
  json: boolean
  /** The flags a `runs approve` needs to rebuild the same tools and store. */
  flags: readonly string[]
  /** The first execution: a new run, or a decision on a paused one. Absent runs then are not recorded. */
  first: (runs: DurableRuns, execute: Execute) => Promise<CodeModeResult>
}

/** `run --json`: run_code's structured result with `ok`, or why nothing ran. */
function structuredResult(result: ToolExecutionResult): Record<string, unknown> {
  const structured = result.structuredContent
  if (isPlainObject(structured)) return { ok: !result.isError, ...structured }
  return { ok: !result.isError, error: { kind: 'refused', message: contentToText(result.content) } }
}

/** Run through `options.first`, decide pauses on a terminal, print the report; resolves to the exit code. */
export async function driveRun(io: Io, app: CliApp, options: DriveOptions): Promise<number> {
  const callId = 'isocode-run'
  const live = options.json || io.live === undefined ? undefined : liveTimeline(io.live)
  // why: Ctrl-C aborts the run (the tool in flight too) and the report still shows the logs so far;
  // a second Ctrl-C ends the process the default way. One Ctrl-C can arrive twice (the terminal
  // signals the whole process group, and the launcher forwards what it got), so a repeat within
  // SIGINT_REPEAT_MS of the first is the same keypress.
  const interrupt = new AbortController()
  let firstAt = 0
  const onSigint = (): void => {
    if (!interrupt.signal.aborted) {
      firstAt = performance.now()
      interrupt.abort(new Error('interrupted (SIGINT)'))
    } else if (performance.now() - firstAt > SIGINT_REPEAT_MS) {
      process.off('SIGINT', onSigint)
      process.kill(process.pid, 'SIGINT')
    }
  }
  let raw: ToolExecutionResult | undefined
  let report: RunReport | undefined
  const execute: Execute = async (recorder, runId) => {
    const watch = app.watchRun(callId)
    try {
      raw = await app.root.tools.execute({
        callId,
        name: RUN_CODE,
        arguments: { code: options.code, description: options.description },
        signal: interrupt.signal,
        ...(live === undefined ? {} : { onRunEvent: live.listener }),
        ...(recorder === undefined ? {} : { durable: recorder }),
      })
    } finally {
      report = watch.take()
    }
    return runOutcome(raw, runId)
  }
  process.on('SIGINT', onSigint)
  let outcome: CodeModeResult
  try {
    const runs = app.app.durable(() => execute)
    outcome = await options.first(runs, execute)
    // why: R-142 — on a terminal each pending call is asked; the answers resume the run here.
    while (outcome.status === 'paused' && io.ask !== undefined && !interrupt.signal.aborted) {
      live?.end()
      const decisions = await askDecisions(io.ask, outcome.pending)
      outcome = await runs.decide(outcome.runId, decisions, 'approve')
    }
  } finally {
    process.off('SIGINT', onSigint)
    live?.end()
  }
  if (outcome.status === 'paused') {
    if (options.json) io.out(`${JSON.stringify({ ...structuredResult(raw as ToolExecutionResult), ...outcome })}\n`)
    io.err(pauseMessage(outcome.runId, outcome.pending, options.flags, app.app.plan.store !== undefined))
    return PAUSED
  }
  const result = raw as ToolExecutionResult
  const exit = interrupt.signal.aborted ? INTERRUPTED : result.isError ? 1 : 0
  if (interrupt.signal.aborted) io.err('isocode: interrupted (SIGINT): the run was aborted\n')
  const recorded = outcome.runId === undefined ? {} : { runId: outcome.runId, status: outcome.status }
  if (options.json) {
    io.out(`${JSON.stringify({ ...structuredResult(result), ...recorded })}\n`)
    return exit
  }
  // why: the report explains a failure exactly as run_code explains it to the model (code frame, closest names).
  const names = app.root.tools
    .visible()
    .map((tool) => tool.name)
    .filter((name) => name !== RUN_CODE)
  const explain = (message: string): string => explainProgramError(message, options.code, names)
  const { run, calls, outcome: kind } = report ?? { run: undefined, calls: [], outcome: undefined }
  io.out(renderReport({ result, run, calls, budgets: app.budgets, isolation: app.isolation, explain, outcome: kind }))
  if (outcome.runId !== undefined) io.err(`isocode: run ${outcome.runId} ${outcome.status}\n`)
  return exit
}
