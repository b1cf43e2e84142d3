import { parseArguments, runModelCall, type ToolCallHandlerOptions } from './model-call.ts'
import type { CodeMode } from './types.ts'

export type { ToolCallHandlerOptions } from './model-call.ts'

/** `run_code` as a Chat Completions function tool (`tools: [chatCompletionsTool(codeMode)]`). */
export interface ChatCompletionsFunctionTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean }
}

/** `run_code` as a Responses API function tool (`tools: [responsesTool(codeMode)]`). */
export interface ResponsesFunctionTool {
  type: 'function'
  name: string
  description: string
  parameters: Record<string, unknown>
  strict: boolean
}

/** What the handler reads of a Chat Completions tool call (an item of `message.tool_calls`). */
export interface ChatCompletionsToolCall {
  id: string
  type: string
  function?: { name: string; arguments: string }
}

/** The tool message answering one call, to push onto `messages`. */
export interface ChatCompletionsToolMessage {
  role: 'tool'
  tool_call_id: string
  content: string
}

/** What the handler reads of a Responses `function_call` output item. */
export interface ResponsesFunctionCall {
  type: 'function_call'
  call_id: string
  name: string
  arguments: string
}

/** The `function_call_output` input item answering one call. */
export interface ResponsesFunctionCallOutput {
  type: 'function_call_output'
  call_id: string
  output: string
}

/** The Chat Completions tool JSON of `codeMode`'s `run_code`. */
export function chatCompletionsTool(codeMode: CodeMode): ChatCompletionsFunctionTool {
  const { name, description, inputSchema } = codeMode.tool
  return {
    type: 'function',
    function: { name, description, parameters: { ...inputSchema }, strict: strictable(inputSchema) },
  }
}

/** The Responses tool JSON of `codeMode`'s `run_code`. */
export function responsesTool(codeMode: CodeMode): ResponsesFunctionTool {
  const { name, description, inputSchema } = codeMode.tool
  return { type: 'function', name, description, parameters: { ...inputSchema }, strict: strictable(inputSchema) }
}

// why: OpenAI's strict mode (arguments always match the schema) accepts only objects whose every
// property is required and that allow no other key; run_code's schema is one, so the model gets it.
function strictable(schema: CodeMode['tool']['inputSchema']): boolean {
  return (
    schema.additionalProperties === false &&
    Object.keys(schema.properties).every((key) => schema.required.includes(key))
  )
}

/**
 * Run a Chat Completions `run_code` call and answer it with a tool message whose content is the
 * run's text; a call for another tool throws (`UNKNOWN_TOOL`).
 */
export async function chatToolMessage(
  codeMode: CodeMode,
  call: ChatCompletionsToolCall,
  options?: ToolCallHandlerOptions,
): Promise<ChatCompletionsToolMessage> {
  const name = call.function?.name ?? `a ${call.type} tool call`
  const input = parseArguments(call.function?.arguments ?? '')
  const { text } = await runModelCall(codeMode, 'chatToolMessage', name, input, options)
  return { role: 'tool', tool_call_id: call.id, content: text }
}

/**
 * Run a Responses `function_call` to `run_code` and answer it with a `function_call_output` item;
 * a call for another tool throws (`UNKNOWN_TOOL`).
 */
export async function functionCallOutput(
  codeMode: CodeMode,
  call: ResponsesFunctionCall,
  options?: ToolCallHandlerOptions,
): Promise<ResponsesFunctionCallOutput> {
  const input = parseArguments(call.arguments)
  const { text } = await runModelCall(codeMode, 'functionCallOutput', call.name, input, options)
  return { type: 'function_call_output', call_id: call.call_id, output: text }
}
