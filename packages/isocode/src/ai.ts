import { jsonSchema, tool, type Tool } from 'ai'
import { createCodeMode } from './create.ts'
import type { CodeModeOptions, ToolInput } from './options.ts'
import type { CodeMode, CodeModeResult, RunCodeArgs } from './types.ts'

/** The AI SDK tool `aiTool` returns: input `{ code, description? }`, output the structured run result. */
export type CodeModeAiTool = Tool<RunCodeArgs, CodeModeResult>

/** A `codeModeTool` result: the AI SDK tool, plus the Code Mode behind it and how to close it. */
export type OwnedCodeModeAiTool = CodeModeAiTool &
  AsyncDisposable & {
    /** The Code Mode this tool runs programs in (its `sdk` text, `run`). */
    readonly codeMode: CodeMode
    /** Close the Code Mode (idempotent); `await using` does it too. */
    close(): Promise<void>
  }

/**
 * Code Mode over `tools` as one AI SDK tool for `generateText`, `streamText` or an `Agent`
 * (`tools: { run_code }`); close it with `await using` or `close()`.
 * @example
 * await using run_code = await codeModeTool(tools)
 * const { text } = await generateText({ model, tools: { run_code }, stopWhen: stepCountIs(5), prompt })
 */
export async function codeModeTool(
  tools: Record<string, ToolInput>,
  options: Omit<CodeModeOptions, 'tools'> = {},
): Promise<OwnedCodeModeAiTool> {
  const codeMode = await createCodeMode({ ...options, tools })
  const close = () => codeMode.close()
  return Object.assign(aiTool(codeMode), { codeMode, close, [Symbol.asyncDispose]: close })
}

/**
 * An existing Code Mode as an AI SDK tool; the caller keeps owning `codeMode` and closes it.
 * The model reads the run's `text`; the tool result (`steps[i].toolResults`) keeps the whole result.
 */
export function aiTool(codeMode: CodeMode): CodeModeAiTool {
  return tool({
    description: codeMode.tool.description,
    // why: run_code's schema is plain JSON Schema; the AI SDK types it as JSONSchema7, which is
    // stricter about `properties` values than the facade's public type says.
    inputSchema: jsonSchema<RunCodeArgs>(codeMode.tool.inputSchema as Parameters<typeof jsonSchema>[0]),
    execute: (args, { abortSignal }) => codeMode.tool.execute(args, { signal: abortSignal }),
    toModelOutput: modelOutput,
  })
}

// why: ai 5 calls toModelOutput(output); ai 6 and later call toModelOutput({ toolCallId, input,
// output }). A CodeModeResult has no `toolCallId`, so one function reads both.
function modelOutput(arg: unknown): { type: 'text'; value: string } {
  const result = (isOptionsBag(arg) ? arg.output : arg) as CodeModeResult
  return { type: 'text', value: result.text }
}

function isOptionsBag(arg: unknown): arg is { output: unknown } {
  return typeof arg === 'object' && arg !== null && 'toolCallId' in arg && 'output' in arg
}
