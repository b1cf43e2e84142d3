import type { LanguageModel } from 'ai'

/** One scripted model turn: a `run_code` call with this program, or a final text answer. */
export type ModelTurn = { code: string } | { text: string }

/** What the model got in one generate call. */
export interface ModelCall {
  prompt: unknown[]
  tools?: { name: string; description?: string; inputSchema?: unknown }[]
}

/** A scripted model and what it was called with (one entry per generate call). */
export interface ScriptedModel {
  model: LanguageModel
  calls(): ModelCall[]
}

export const nodeMajor = Number(process.versions.node.split('.')[0])

/**
 * The AI SDK's own mock model of the `ai` line under test (vitest.config.ts picks ai 5 on Node 20,
 * ai 7 on Node 22+), answering the n-th generate call with `turns[n]`.
 */
export async function scriptedModel(turns: readonly ModelTurn[]): Promise<ScriptedModel> {
  const v4 = nodeMajor >= 22
  const results = turns.map((turn, i) => ({
    content: [
      'code' in turn
        ? {
            type: 'tool-call' as const,
            toolCallId: `call-${i + 1}`,
            toolName: 'run_code',
            input: JSON.stringify({ code: turn.code, description: 'compare the weather' }),
          }
        : { type: 'text' as const, text: turn.text },
    ],
    finishReason: finishReason('code' in turn ? 'tool-calls' : 'stop', v4),
    usage: v4
      ? {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        }
      : { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    warnings: [],
  }))
  // why: the mock classes are the SDK's own (ai/test); each line has the one of its model spec.
  // Their types differ per line, so the model is handed on as the LanguageModel generateText takes.
  if (v4) {
    const { MockLanguageModelV4 } = await import('ai/test')
    const model = new MockLanguageModelV4({ doGenerate: results as never })
    return { model: model as unknown as LanguageModel, calls: () => model.doGenerateCalls as ModelCall[] }
  }
  const { MockLanguageModelV2 } = await import('ai-5/test')
  const model = new MockLanguageModelV2({ doGenerate: results as never })
  return { model: model as unknown as LanguageModel, calls: () => model.doGenerateCalls as ModelCall[] }
}

/** The outputs of the tool-result parts in one prompt, in order. */
export function toolOutputsIn(prompt: unknown[]): unknown[] {
  return prompt.flatMap((message) => {
    const { role, content } = message as { role: string; content: unknown }
    if (role !== 'tool' || !Array.isArray(content)) return []
    return content
      .filter((part: { type: string }) => part.type === 'tool-result')
      .map((part: { output: unknown }) => part.output)
  })
}

function finishReason(unified: 'tool-calls' | 'stop', v4: boolean) {
  return v4 ? { unified, raw: unified } : unified
}
