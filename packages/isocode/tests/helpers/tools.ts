import type { ToolInput } from 'isocode'

/** The tools the adapter specs hand to Code Mode, and how often each ran. */
export function weatherTools(): { tools: Record<string, ToolInput>; calls: string[] } {
  const calls: string[] = []
  const forecast: Record<string, number> = { Paris: 18, Oslo: 9 }
  const tools: Record<string, ToolInput> = {
    get_weather: {
      description: 'Current temperature of a city, in °C',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, tempC: { type: 'number' } },
        required: ['city', 'tempC'],
      },
      execute: async ({ city }: { city: string }) => {
        calls.push(city)
        return { city, tempC: forecast[city] ?? 15 }
      },
    },
  }
  return { tools, calls }
}

/** A program that calls the tool twice, logs, and returns a value. */
export const comparePrograms = {
  ok: [
    "const paris = await tools.get_weather({ city: 'Paris' })",
    "const oslo = await tools.get_weather({ city: 'Oslo' })",
    "console.log('paris', paris.tempC, 'oslo', oslo.tempC)",
    'return { warmer: paris.tempC > oslo.tempC ? paris.city : oslo.city, diff: paris.tempC - oslo.tempC }',
  ].join('\n'),
  /** Fails at run time, on line 2: the model sees the failure and can answer anyway. */
  failing: ["const paris = await tools.get_weather({ city: 'Paris' })", "throw new Error('no data for Lima')"].join(
    '\n',
  ),
}
