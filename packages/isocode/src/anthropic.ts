import { runModelCall, type ToolCallHandlerOptions } from './model-call.ts'
import type { CodeMode } from './types.ts'

export type { ToolCallHandlerOptions } from './model-call.ts'

/** `run_code` as a Messages API tool (`tools: [messagesTool(codeMode)]`). */
export interface MessagesTool {
  name: string
  description: string
  input_schema: { type: 'object'; [key: string]: unknown }
}

/** What the handler reads of a `tool_use` content block. */
export interface ToolUseBlock {
  type: 'tool_use'
  id: string
  name: string
  input: unknown
}

/** The `tool_result` block answering one call, for the next user message's content. */
export interface ToolResultBlock {
  type: 'tool_result'
  tool_use_id: string
  content: string
  is_error?: boolean
}

/** The Messages tool JSON of `codeMode`'s `run_code`. */
export function messagesTool(codeMode: CodeMode): MessagesTool {
  const { name, description, inputSchema } = codeMode.tool
  return { name, description, input_schema: { ...inputSchema } }
}

/**
 * Run a `tool_use` block calling `run_code` and answer it with a `tool_result` block whose content
 * is the run's text, `is_error: true` when the run failed; a call for another tool throws (`UNKNOWN_TOOL`).
 */
export async function toolResult(
  codeMode: CodeMode,
  block: ToolUseBlock,
  options?: ToolCallHandlerOptions,
): Promise<ToolResultBlock> {
  const { ok, text } = await runModelCall(codeMode, 'toolResult', block.name, block.input, options)
  return ok
    ? { type: 'tool_result', tool_use_id: block.id, content: text }
    : { type: 'tool_result', tool_use_id: block.id, content: text, is_error: true }
}
