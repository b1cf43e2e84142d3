// One run_code call recorded through the `runStore` service: the program's first
// execution runs with a recorder attached to this very call, and the outcome (completed, failed
// or paused with its pending calls) becomes run_code's result, with `status` and `runId`.
import { contentToText } from '../code-mode/result-text.ts'
import { CodeRunFailedError } from '../errors.ts'
import { attachRunDurability, stateScopeOf } from '../pipeline/run-listener.ts'
import type { ToolExecution, ToolExecutionResult, ToolOutput } from '../types.ts'
import { recordedResult, runOutcome } from './outcome.ts'
import type { DurableRuns } from './runs.ts'

/** What the program's execution gave, as a result: its output, or its CodeRunFailedError as an isError result. */
async function settle(callId: string, run: () => Promise<ToolOutput>): Promise<ToolExecutionResult> {
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
    if (!(error instanceof CodeRunFailedError)) throw error
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
 * output of a completed run and throws CodeRunFailedError (a value for the pipeline, R-76) for a
 * failed or paused one. A store that refuses the run throws its RegistryError (code STORE).
 */
export async function recordRun(
  runs: DurableRuns,
  code: string,
  exec: ToolExecution,
  run: () => Promise<ToolOutput>,
): Promise<ToolOutput> {
  let raw: ToolExecutionResult | undefined
  const scope = stateScopeOf(exec.token)
  const outcome = await runs.start(
    code,
    async (recorder, runId) => {
      // why: the bridge and the approval step read the run's durable side by this call's token.
      attachRunDurability(exec.token, recorder)
      raw = await settle(exec.callId, run)
      return runOutcome(raw, runId)
    },
    scope === undefined ? undefined : { scope },
  )
  const result = recordedResult(raw, outcome)
  if (!result.isError) return { content: result.content, structuredContent: result.structuredContent ?? {} }
  throw new CodeRunFailedError(contentToText(result.content), result.structuredContent)
}
