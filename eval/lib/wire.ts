// Messages and tool definitions as the model's API receives them, rendered as text to price them:
// compact JSON with the escapes inside strings decoded, the convention of the prompt-cost bench
// (bench/lib/prompt-cost/wire.ts), so a program or a multi-line result is priced as the text it is.
import type { ContentBlock, ToolSchema } from '@isocode/registry'

const UNESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '/': '/' }

/** Compact JSON of `value` with the escapes inside its strings decoded (`\u` escapes kept). */
export function readableJson(value: unknown): string {
  // why: one left-to-right pass, so an escaped backslash before an `n` stays a backslash and an `n`.
  return JSON.stringify(value).replace(/\\(["\\/nrt])/g, (_, c: string) => UNESCAPED[c] ?? c)
}

/** `tools` as the `tools` array of an OpenAI Chat Completions request (no output schemas: the API has no place for them). */
export function openAiToolsText(tools: readonly ToolSchema[]): string {
  return readableJson(
    tools.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, ...(description === undefined ? {} : { description }), parameters },
    })),
  )
}

/** One assistant tool call as the API carries it: the function's name and its JSON arguments. */
export function toolCallText(name: string, args: unknown): string {
  return readableJson({ type: 'function', function: { name, arguments: args } })
}

/** A tool result as a loop appends it: text blocks as text, other blocks (resources, images) as their JSON. */
export function resultText(content: readonly ContentBlock[]): string {
  return content.map((block) => (block.type === 'text' ? block.text : readableJson(block))).join('\n')
}
