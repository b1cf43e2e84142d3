// One run_code call recorded through the `runStore` service: the program's first
// execution runs with a recorder attached to this very call, and the outcome (completed, failed
// or paused with its pending calls) becomes run_code's result, with `status` and `runId`.
import { contentToText } from '../code-mode/result-text.ts'
import { CodeRunFailedError } from '../errors.ts'
import { describeThrown } from '../pipeline/results.ts'
import { attachRunDurability, stateScopeOf } from '../pipeline/run-listener.ts'
import type { ToolExecution, ToolExecutionResult, ToolOutput } from '../types.ts'
import { recordedResult, runOutcome } from './outcome.ts'
import type { DurableRuns } from './runs.ts'

/**
 * What the program's execution gave, as a result: its output, or its CodeRunFailedError as an
 * isError result; anything else it threw (no runtime, a misuse) is kept to be thrown on.
 */
async function settle(
  callId: string,
  run: () => Promise<ToolOutput>,
): Promise<ToolExecutionResult | { thrown: unknown }> {
  try {
    const output = await run()
    const { content, structuredContent } = Array.isArray(output)
      ? { content: output, structuredContent: undefined }
      : output
    return {
      callId,
      content,
      isError: false,
      ...(structuredContent === undefined ? {} : { structuredContent }),
    }
  } catch (error) {
    if (!(error instanceof CodeRunFailedError)) return { thrown: error }
    return {
      callId,
      content: [{ type: 'text', text: error.message }],
      isError: true,
      error: { name: error.name, code: error.code },
      ...(error.structuredContent === undefined ? {} : { structuredContent: error.structuredContent }),
    }
  }
}

/**
 * Record the run_code call `exec` in `runs` and run its program once (`run`); resolves to the
 * output of a completed or paused run (a pause is no error, R-148) and throws CodeRunFailedError
 * (a value for the pipeline, R-76) for a failed one. A store that refuses the run throws its
 * RegistryError (code STORE); what the execution itself threw is thrown on once the run is recorded.
 */
export async function recordRun(
  runs: DurableRuns,
  code: string,
  exec: ToolExecution,
  run: () => Promise<ToolOutput>,
): Promise<ToolOutput> {
  let raw: ToolExecutionResult | undefined
  let thrown: { thrown: unknown } | undefined
  const scope = stateScopeOf(exec.token)
  const outcome = await runs.start(
    code,
    async (recorder, runId) => {
      // why: the bridge and the approval step read the run's durable side by this call's token.
      attachRunDurability(exec.token, recorder)
      const settled = await settle(exec.callId, run)
      if ('thrown' in settled) {
        // why: the run still ends in the store (failed), never left `running`; the error goes on as it would unrecorded.
        thrown = settled
        raw = {
          callId: exec.callId,
          content: [{ type: 'text', text: describeThrown(settled.thrown) }],
          isError: true,
          error: { name: 'RegistryError', code: 'TOOL_FAILED' },
        }
      } else raw = settled
      return runOutcome(raw, runId)
    },
    scope,
  )
  if (thrown !== undefined) throw thrown.thrown
  const result = recordedResult(raw, outcome)
  if (!result.isError) return { content: result.content, structuredContent: result.structuredContent ?? {} }
  throw new CodeRunFailedError(contentToText(result.content), result.structuredContent)
}
