// A live answer still wins: with a runStore service and an approval service that answers
// `allowed-once`, a gated call of an agent's run is asked and runs at once: the run is recorded
// and completes without a pause. An answer `rejected` denies the call without pausing either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, data, fileStore, PROGRAM } from './app.ts'

describe('a live approval service beside the runStore service', () => {
  let store: Awaited<ReturnType<typeof fileStore>>
  beforeAll(async () => {
    store = await fileStore()
  })
  afterAll(() => store?.remove())

  it('allowed-once: no pause, the call runs once, the run is recorded as completed', async () => {
    const app = await boot({ store: store.url, answer: 'allowed-once', agent: true })
    try {
      const result = await app.runCode(PROGRAM)
      expect(result.isError).toBe(false)
      expect(data(result)).toMatchObject({ status: 'completed', value: { sent: 'ada@example.com' } })
      expect(app.sent).toEqual(['ada@example.com'])
      const runId = data(result).runId as string
      expect(await app.root.tools.runs.get(runId)).toMatchObject({ status: 'completed', pending: [] })
      expect(await app.root.tools.runs.pending()).toEqual([])
    } finally {
      await app.dispose()
    }
  })

  it('rejected: the call is denied in the program, nothing pauses, the tool never runs', async () => {
    const app = await boot({ store: store.url, answer: 'rejected', agent: true })
    try {
      const result = await app.runCode(
        'try { await tools.send({ to: "bob" }); return "sent" } catch (e) { return e.code }',
      )
      expect(data(result)).toMatchObject({ status: 'completed', value: 'DENIED' })
      expect(app.sent).toEqual([])
    } finally {
      await app.dispose()
    }
  })
})
