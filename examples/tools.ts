// The tools the examples hand to Code Mode: plain records with a JSON Schema and an execute.
const forecast: Record<string, number> = { Paris: 18, Oslo: 9, Lisbon: 23 }

export const tools = {
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
    execute: async ({ city }: { city: string }) => ({ city, tempC: forecast[city] ?? 15 }),
  },
}
