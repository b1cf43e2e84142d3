// Type-checks a user of `isocode/ai` on ai 5 (this project's `paths` map `ai` to the `ai-5` alias,
// so isocode's emitted ai.d.ts meets ai 5's declarations); the rest of the repo checks against ai 7.
// why: no project reference to packages/isocode, whose own options would then resolve `ai` inside
// its .d.ts; the root tsconfig lists this project after packages/isocode, so dist/ is built first.
import { generateText, stepCountIs, tool, type LanguageModel } from 'ai'
import { z } from 'zod'
import type { CodeMode } from 'isocode'
import { aiTool, codeModeTool } from 'isocode/ai'

const tools = {
  get_weather: tool({
    description: 'Current temperature of a city, in °C',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 18 }),
  }),
}

export async function ownedTool(model: LanguageModel): Promise<string> {
  await using run_code = await codeModeTool(tools)
  const { text } = await generateText({ model, tools: { run_code }, stopWhen: stepCountIs(5), prompt: 'Paris?' })
  return text
}

export async function borrowedTool(model: LanguageModel, codeMode: CodeMode): Promise<number> {
  const { steps } = await generateText({ model, tools: { run_code: aiTool(codeMode) }, prompt: 'Paris?' })
  return steps.length
}
