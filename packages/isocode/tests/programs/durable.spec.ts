// A saved program in a recorded run: its tool calls are the calling run's, so a gated
// call inside it pauses the whole run, and the approved run resumes by replay in the scope it
// started in, each call made once.
import { createCodeMode } from 'isocode'
import { expect, it, vi } from 'vitest'

// why: the save waits for the checker's TypeScript to start; the timeout only guards against a hang.
vi.setConfig({ testTimeout: 120_000 })

it('pauses at a gated call inside a saved program and resumes it once approved, in the same scope', async () => {
  const sent: string[] = []
  await using cm = await createCodeMode({
    isolation: 'isolate',
    store: 'memory:',
    tools: {
      send: {
        description: 'Send a note.',
        inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
        needsApproval: true,
        execute: async ({ to }: { to: string }) => (sent.push(to), `sent to ${to}`),
      },
    },
  })
  await cm.programs.save(
    'notify',
    { code: `await state.set('last', input.to)\nreturn await tools.send({ to: input.to })` },
    { description: 'Notifies someone.', input: { type: 'object', properties: { to: { type: 'string' } } } },
  )
  const paused = await cm.run(`const r = await programs.notify({ to: 'ada' })\nreturn [r, await state.get('last')]`, {
    scope: 'team-1',
  })
  expect(paused).toMatchObject({ status: 'paused', pending: [{ tool: 'send', args: { to: 'ada' } }] })
  expect(sent).toEqual([])
  const done = await cm.runs.approve(paused.runId as string)
  expect(done).toMatchObject({ ok: true, value: ['sent to ada', 'ada'] })
  expect(sent).toEqual(['ada'])
  expect(await cm.run(`return await state.keys()`, { scope: 'team-1' })).toMatchObject({ value: ['last'] })
  expect(await cm.run(`return await state.keys()`)).toMatchObject({ value: [] })
})
