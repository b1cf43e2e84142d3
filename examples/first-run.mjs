import { createCodeMode } from 'isocode'

const get_weather = {
  description: 'Current temperature of a city, in °C',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async ({ city }) => ({ city, tempC: { Paris: 18, Oslo: 9 }[city] ?? 15 }),
}
const cm = await createCodeMode({ tools: { get_weather } })
try {
  // What a model sends as run_code's `code`: one program instead of many tool calls.
  const result = await cm.run(`
    const [paris, oslo] = await Promise.all([tools.get_weather({ city: 'Paris' }), tools.get_weather({ city: 'Oslo' })])
    console.log('Paris', paris.tempC, 'Oslo', oslo.tempC)
    return paris.tempC > oslo.tempC ? 'Paris' : 'Oslo'
  `)
  console.log(result.text)
} finally {
  await cm.close()
}
