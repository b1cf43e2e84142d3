import { generateText, stepCountIs, tool, type LanguageModel } from 'ai'
import { codeModeTool } from 'isocode/ai'
import { z } from 'zod'

const forecast: Record<string, number> = { Paris: 18, Oslo: 9, Lisbon: 23 }
const tools = {
  get_weather: tool({
    description: 'Current temperature of a city, in °C',
    inputSchema: z.object({ city: z.string() }),
    outputSchema: z.object({ city: z.string(), tempC: z.number() }),
    execute: async ({ city }) => ({ city, tempC: forecast[city] ?? 15 }),
  }),
}

export async function main(model: LanguageModel, prompt = 'Which is warmer, Paris or Oslo?') {
  await using run_code = await codeModeTool(tools)
  const { text } = await generateText({ model, tools: { run_code }, stopWhen: stepCountIs(5), prompt })
  return text
}
