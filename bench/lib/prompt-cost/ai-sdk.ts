// Tools as the AI SDK sends them: every tool set goes through `generateText` with the AI SDK's own
// mock model, which records the call options a provider would turn into its request.
import { generateText, jsonSchema, tool } from 'ai'
import type { ToolSet as AiToolSet } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import type { ToolSet } from './sets.ts'
import { openAiToolsText, type WireFunction } from './wire.ts'

const notCalled = (): never => {
  throw new Error('bench: prompt-cost tools are never called')
}

/** `set` as AI SDK tools: JSON Schema through `jsonSchema()`, output schemas included. */
export function fixtureAiTools(set: ToolSet): AiToolSet {
  return Object.fromEntries(
    set.tools.map((t) => [
      t.name,
      tool({
        ...(t.description === undefined ? {} : { description: t.description }),
        inputSchema: jsonSchema(t.parameters),
        ...(t.outputSchema === undefined ? {} : { outputSchema: jsonSchema(t.outputSchema) }),
        execute: notCalled,
      }),
    ]),
  )
}

/** The function tools the AI SDK hands a language model for `tools` (one generateText step). */
export async function aiSdkWireTools(tools: AiToolSet): Promise<WireFunction[]> {
  const model = new MockLanguageModelV4({
    doGenerate: {
      content: [{ type: 'text', text: 'done' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 0, text: 0, reasoning: 0 },
      },
      warnings: [],
    },
  })
  await generateText({ model, tools, prompt: 'What tools do you have?' })
  const sent = model.doGenerateCalls[0]?.tools ?? []
  return sent.flatMap((t) =>
    t.type === 'function' ? [{ name: t.name, description: t.description, parameters: t.inputSchema }] : [],
  )
}

/** The OpenAI `tools` JSON of AI SDK `tools`, as the SDK sends them. */
export async function aiSdkOpenAiText(tools: AiToolSet): Promise<string> {
  return openAiToolsText(await aiSdkWireTools(tools))
}
