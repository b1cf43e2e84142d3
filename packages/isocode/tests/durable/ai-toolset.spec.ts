// An AI SDK ToolSet whose tool has `needsApproval` works unchanged: the program pauses at it and
// the approved call runs once. `tool()` is the real AI SDK's (ai 5 on Node 20, else ai 7).
import { createCodeMode } from 'isocode'
import { tool } from 'ai'
import { z } from 'zod'
import { expect, it } from 'vitest'

it('an AI SDK tool with needsApproval pauses the run and runs once approved', async () => {
  const sent: string[] = []
  const send_email = {
    ...tool({
      description: 'Send an email.',
      inputSchema: z.object({ to: z.string(), body: z.string() }),
      execute: async ({ to }: { to: string; body: string }) => (sent.push(to), `sent to ${to}`),
    }),
    // why: ai 7 types this field on tool(); ai 5 (Node 20) does not, so it is spread in beside it.
    needsApproval: async ({ to }: { to: string }) => !to.endsWith('@example.com'),
  }
  await using cm = await createCodeMode({ isolation: 'isolate', tools: { send_email } })
  const internal = await cm.run(`return await tools.send_email({ to: 'me@example.com', body: 'hi' })`)
  expect(internal).toMatchObject({ ok: true, value: 'sent to me@example.com' })
  const paused = await cm.run(`return await tools.send_email({ to: 'ceo@corp.test', body: 'hi' })`)
  expect(paused).toMatchObject({ status: 'paused', pending: [{ seq: 1, tool: 'send_email' }] })
  expect(sent).toEqual(['me@example.com'])
  expect(await cm.runs.approve(paused.runId as string)).toMatchObject({ ok: true, value: 'sent to ceo@corp.test' })
  expect(sent).toEqual(['me@example.com', 'ceo@corp.test'])
})
