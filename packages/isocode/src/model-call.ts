import { IsocodeError } from './errors.ts'
import type { CodeMode, CodeModeResult } from './types.ts'

/** Options of the provider handlers (`isocode/openai`, `isocode/anthropic`). */
export interface ToolCallHandlerOptions {
  /** Aborts the run (it then ends with kind `abort`). */
  signal?: AbortSignal
  /** Gets the structured result (value, logs, usage) of each run; the model only reads its text. */
  onResult?: (result: CodeModeResult) => void
}

/** What goes back to the model for one `run_code` call. */
export interface ModelCallOutcome {
  ok: boolean
  text: string
}

/**
 * Run one `run_code` call as a model sent it. Arguments that are not `{ code: string }` are the
 * model's mistake, so they come back as a failed outcome it can read and retry, never a throw.
 */
export async function runModelCall(
  codeMode: CodeMode,
  handler: string,
  name: string,
  input: unknown,
  options: ToolCallHandlerOptions = {},
): Promise<ModelCallOutcome> {
  if (name !== codeMode.tool.name) {
    throw new IsocodeError(
      `${handler}: the tool call is for '${name}', not '${codeMode.tool.name}'; answer calls to your other tools yourself (check the call's name first)`,
      'UNKNOWN_TOOL',
    )
  }
  const problem = argsProblem(input)
  if (problem !== undefined) {
    return {
      ok: false,
      text: `run_code was not run: ${problem}. Send {"code": "<TypeScript program>", "description": "<what it does, one line>"}.`,
    }
  }
  const args = input as { code: string; description?: string }
  const result = await codeMode.tool.execute(args, { signal: options.signal })
  options.onResult?.(result)
  return { ok: result.ok, text: result.text }
}

/** Parse the JSON text of a call's arguments; text that is not JSON stays a string, which the check refuses. */
export function parseArguments(json: string): unknown {
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}

function argsProblem(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return 'the arguments are not a JSON object'
  }
  const { code, description, ...rest } = input as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0)
    return `unknown argument ${extra.map((key) => JSON.stringify(key)).join(', ')} (run_code takes "code" and "description")`
  if (typeof code !== 'string') return `"code" must be a string (got ${code === undefined ? 'nothing' : typeof code})`
  if (description !== undefined && typeof description !== 'string') return '"description" must be a string'
  return undefined
}
