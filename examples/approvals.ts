import { generateText, stepCountIs, tool, type LanguageModel } from 'ai'
import { createCodeMode } from 'isocode'
import { aiTool } from 'isocode/ai'
import { z } from 'zod'

export const outbox: string[] = []
const send_email = {
  ...tool({
    description: 'Send an email',
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: async ({ to }: { to: string; body: string }) => (outbox.push(to), `sent to ${to}`),
  }),
  needsApproval: true, // every call waits for a person
}

export async function main(model: LanguageModel, store = 'file:runs.db') {
  await using cm = await createCodeMode({ tools: { send_email }, store })
  const run_code = aiTool(cm)
  await generateText({ model, tools: { run_code }, stopWhen: stepCountIs(5), prompt: 'Tell ada@example.com the report is ready.' })
  // Later, maybe in another process on the same store: a person reviews what waits and decides.
  for (const { runId, tool: name, args } of await cm.runs.pending()) {
    console.log('approving', name, JSON.stringify(args))
    const result = await cm.runs.approve(runId) // or cm.runs.reject(runId, { reason })
    console.log(result.status, result.value)
  }
  return outbox
}
