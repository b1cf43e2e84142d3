// Runs survive a restart: a fresh Cordis app on the same file: store (a new root,
// a new runtime, the tools registered again) lists the run the first app paused, resumes it on
// approval, and the gated call runs exactly once, in the new app.
import { afterAll, expect, it } from 'vitest'
import { boot, data, fileStore, PROGRAM } from './app.ts'

const store = await fileStore()
afterAll(() => store.remove())

it('a run paused by one app is approved and resumed by a fresh app on the same store', async () => {
  const first = await boot({ store: store.url })
  const paused = data(await first.runCode(PROGRAM))
  expect(paused.status).toBe('paused')
  const runId = paused.runId as string
  await first.dispose()
  expect(first.sent).toEqual([])

  const second = await boot({ store: store.url })
  try {
    expect(await second.root.tools.runs.pending()).toEqual([expect.objectContaining({ runId, seq: 2, tool: 'send' })])
    const done = await second.root.tools.runs.approve(runId)
    expect(done).toMatchObject({ ok: true, status: 'completed', runId, value: { sent: 'ada@example.com' } })
    expect(second.sent).toEqual(['ada@example.com'])
    // why: R-111 — the lookup the first app recorded is served from the log.
    expect(second.lookups.count).toBe(0)
    expect((await second.root.tools.runs.list()).map((run) => [run.runId, run.status])).toEqual([[runId, 'completed']])
  } finally {
    await second.dispose()
  }
})
