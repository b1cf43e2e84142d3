import { expect, it } from 'vitest'
import { finishedRun, pausedRun } from './fixtures.ts'
import type { Harness } from './types.ts'

const DAY = 24 * 60 * 60 * 1000

/** Retention of finished runs and the expiry of paused ones (time moved by the case's clock). */
export function retentionCases(h: Harness): void {
  it('keeps the newest N finished runs with their logs, and never prunes paused or running ones', async () => {
    const store = await h.open({ keepFinished: 3 })
    await pausedRun(store, { id: 'paused' })
    await store.createRun({ id: 'live', code: '', holder: 'p' })
    for (let i = 1; i <= 5; i++) {
      h.clock.tick(1_000)
      await finishedRun(store, `f${i}`)
      await store.appendAudit(`f${i}`, { actor: 'a', action: 'note' })
    }
    const left = (await store.listRuns()).map((r) => r.id).toSorted()
    expect(left).toEqual(['f3', 'f4', 'f5', 'live', 'paused'])
    expect(await store.listAudit('f1')).toEqual([])
    expect(await store.listAudit('f5')).toHaveLength(1)
    expect(await store.listCalls('paused')).toHaveLength(2)
  })

  it('keeps 100 finished runs by default', async () => {
    const store = await h.store()
    for (let i = 0; i < 102; i++) {
      h.clock.tick(1)
      await finishedRun(store, `f${String(i).padStart(3, '0')}`)
    }
    const runs = await store.listRuns()
    expect(runs).toHaveLength(100)
    expect(runs.at(-1)!.id).toBe('f002')
  })

  it('expires a paused run after its TTL (7 days by default): no decision, no claim', async () => {
    const store = await h.store()
    await pausedRun(store, { id: 'old' })
    h.clock.tick(DAY)
    await pausedRun(store, { id: 'young' })
    h.clock.tick(6 * DAY - 1)
    expect((await store.getRun('old'))?.status).toBe('paused')
    h.clock.tick(1)
    expect(await store.decide('old', [{ seq: 2, approve: true }], { actor: 'a' })).toMatchObject({
      ok: false,
      reason: 'expired',
      run: { status: 'expired' },
    })
    expect(await store.claim('old', 'p')).toMatchObject({ ok: false, reason: 'status' })
    expect((await store.getRun('young'))?.status).toBe('paused')
    expect((await store.pending()).map((c) => c.runId)).toEqual(['young'])
    expect(await store.listAudit('old')).toEqual([])
  })

  it('sweep expires due paused runs and prunes beyond the kept number', async () => {
    const store = await h.open({ keepFinished: 1, pausedTtlMs: 1_000 })
    await pausedRun(store, { id: 'p1' })
    await finishedRun(store, 'f1')
    h.clock.tick(1_000)
    expect(await store.sweep()).toEqual({ expired: 1, pruned: 1 })
    expect((await store.listRuns()).map((r) => [r.id, r.status])).toEqual([['p1', 'expired']])
    expect(await store.sweep()).toEqual({ expired: 0, pruned: 0 })
  })
}
