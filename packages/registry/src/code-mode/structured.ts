// The machine-readable twin of run_code's text: what the program returned and printed, what the run
// consumed and, on failure, the failure kind with the program position it names.
import type { CodeRunResult } from '@isocode/code-runtime'
import type { JsonObject } from '../types.ts'

// why: RT-7 and RT-39 put positions in the message as `(at L:C)` or `at L:C is not erasable`.
const POSITION = /\(at (\d+):(\d+)\)|\bat (\d+):(\d+) is not erasable\b/

/** The first program position (1-based line and column) a runtime failure message names. */
export function failurePosition(message: string): { line: number; column: number } | undefined {
  const at = POSITION.exec(message)
  if (at === null) return undefined
  return { line: Number(at[1] ?? at[3]), column: Number(at[2] ?? at[4]) }
}

/**
 * run_code's `structuredContent` for one run: `{ value?, logs, usage: { cpuMs, wallMs, toolCalls,
 * outputBytes }, error?: { kind, message, line?, column? } }`, `value` absent when nothing was
 * returned. `failure` (default: the runtime's) is what run_code reports as the run's failure;
 * `toolCalls` the sub-calls the bridge dispatched (default: the runtime's binding calls).
 */
export function runStructuredContent(
  result: CodeRunResult,
  failure: { kind: string; message: string } | undefined = result.error,
  toolCalls?: number,
): JsonObject {
  // why: a backend written against an older seam may omit usage; zeros keep the shape fixed.
  const usage = (result as Partial<CodeRunResult>).usage
  const out: JsonObject = {
    logs: [...result.logs],
    usage: {
      cpuMs: usage?.cpuMs ?? 0,
      wallMs: usage?.wallMs ?? 0,
      // why: rule R-75 — one count, the dispatched calls: a refused call or a
      // discovery member reaches the runtime's bindings but is no tool call.
      toolCalls: toolCalls ?? usage?.bindingCalls ?? 0,
      outputBytes: usage?.outputBytes ?? 0,
    },
  }
  if (result.value !== undefined) out.value = result.value
  if (failure !== undefined) {
    const { kind, message } = failure
    out.error = { kind, message, ...failurePosition(message) }
  }
  return out
}

/** JSON Schema (2020-12) of {@link runStructuredContent}, for run_code's MCP `outputSchema`. */
export const RUN_CODE_OUTPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    value: { description: 'What the program returned (absent when it returned nothing).' },
    logs: { type: 'array', items: { type: 'string' }, description: 'Console lines, in order.' },
    usage: {
      type: 'object',
      properties: {
        cpuMs: { type: 'number' },
        wallMs: { type: 'number' },
        toolCalls: { type: 'integer', minimum: 0 },
        outputBytes: { type: 'integer', minimum: 0 },
      },
      required: ['cpuMs', 'wallMs', 'toolCalls', 'outputBytes'],
    },
    error: {
      type: 'object',
      description: 'Present when the run failed.',
      properties: {
        kind: {
          type: 'string',
          description:
            "exception, timeout, abort, memory, crash, invalid-output, output-limit, tool-call-limit (the registry's toolCalls), or check (the check before the run found errors; nothing ran)",
        },
        message: { type: 'string' },
        line: { type: 'integer', minimum: 1, description: "Line in the program's own source." },
        column: { type: 'integer', minimum: 1 },
      },
      required: ['kind', 'message'],
    },
  },
  required: ['logs', 'usage'],
}
