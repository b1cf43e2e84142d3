// The runStore service records run_code runs: a program that reaches a gated call
// (`needsApproval`, R-149) with no live approver pauses with the call pending and nothing after it
// run; approving it through ctx.tools.runs runs the call exactly once and completes the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, data, fileStore, PROGRAM } from './app.ts'
import type { Booted } from './app.ts'

describe('a Cordis app with a runStore service on a file: store', () => {
  let store: Awaited<ReturnType<typeof fileStore>>
  let app: Booted
  beforeAll(async () => {
    store = await fileStore()
    app = await boot({ store: store.url })
  })
  afterAll(async () => {
    await app?.dispose()
    await store?.remove()
  })

  it('pauses at the gated call, then approve runs it once and completes the run', async () => {
    const paused = await app.runCode(PROGRAM)
    expect(paused.isError).toBe(false)
    const pausedData = data(paused)
    expect(pausedData).toMatchObject({
      status: 'paused',
      pending: [{ seq: 2, tool: 'send', args: { to: 'ada@example.com' }, line: 2 }],
    })
    expect(pausedData.error).toBeUndefined()
    const runId = pausedData.runId as string
    expect(typeof runId).toBe('string')
    expect(app.sent).toEqual([])
    expect(app.lookups.count).toBe(1)

    const info = await app.root.tools.runs.get(runId)
    expect(info).toMatchObject({ runId, status: 'paused', code: PROGRAM, pending: [{ seq: 2, tool: 'send' }] })
    expect(await app.root.tools.runs.pending()).toEqual([
      expect.objectContaining({ runId, seq: 2, tool: 'send', args: { to: 'ada@example.com' } }),
    ])

    const done = await app.root.tools.runs.approve(runId)
    expect(done).toMatchObject({ ok: true, status: 'completed', runId, value: { sent: 'ada@example.com' } })
    expect(app.sent).toEqual(['ada@example.com'])
    // why: R-111 — the recorded lookup is replayed, not run again.
    expect(app.lookups.count).toBe(1)
    expect(await app.root.tools.runs.get(runId)).toMatchObject({ status: 'completed', pending: [] })

    // why: R-148 — a run that is not paused cannot be decided again; nothing runs.
    await expect(app.root.tools.runs.approve(runId)).rejects.toMatchObject({
      name: 'RegistryError',
      code: 'RUN_NOT_PAUSED',
    })
    expect(app.sent).toEqual(['ada@example.com'])
  })

  it('approves with edited args checked against the schema, and rejects with a reason', async () => {
    const first = data(await app.runCode(PROGRAM))
    const runId = first.runId as string
    await expect(
      app.root.tools.runs.approve(runId, [{ seq: 2, approve: true, args: { to: 7 } }]),
    ).rejects.toMatchObject({ code: 'INVALID_DECISIONS' })
    const edited = await app.root.tools.runs.approve(runId, [
      { seq: 2, approve: true, args: { to: 'grace@example.com' } },
    ])
    expect(edited).toMatchObject({ status: 'completed', value: { sent: 'grace@example.com' } })

    const second = data(await app.runCode(PROGRAM))
    const rejected = await app.root.tools.runs.reject(second.runId as string, { reason: 'not today' })
    expect(rejected.status).toBe('failed')
    expect(rejected.error?.message).toContain('not today')
    expect(app.sent).toEqual(['ada@example.com', 'grace@example.com'])
  })
})
