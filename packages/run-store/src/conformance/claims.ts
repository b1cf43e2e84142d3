import { expect, it } from 'vitest'
import { pausedRun } from './fixtures.ts'
import type { Harness } from './types.ts'

/** Claims with a lease: exactly one winner, renewal, release, takeover of a dead holder's run. */
export function claimCases(h: Harness): void {
  it('claims a decided paused run for one holder, with a lease of 30 s by default', async () => {
    const store = await h.store()
    await pausedRun(store)
    expect(await store.claim('run-1', 'p2')).toMatchObject({ ok: false, reason: 'undecided' })
    await store.decide('run-1', [{ seq: 2, approve: true }], { actor: 'a' })
    const won = await store.claim('run-1', 'p2')
    expect(won).toMatchObject({ ok: true, run: { status: 'running', claim: { holder: 'p2' } } })
    const run = await store.getRun('run-1')
    expect(run!.claim!.expiresAt - h.clock.now).toBeLessThanOrEqual(30_000)
    expect(run!.claim!.expiresAt).toBeGreaterThan(h.clock.now)
    expect(run!.expiresAt).toBeUndefined()
    expect(await store.claim('run-1', 'p3')).toMatchObject({ ok: false, reason: 'held' })
    expect(await store.claim('ghost', 'p3')).toEqual({ ok: false, reason: 'not-found' })
  })

  it('gives exactly one of many concurrent claimers the run', async () => {
    const a = await h.store()
    const b = await h.open()
    await pausedRun(a)
    await a.decide('run-1', [{ seq: 2, approve: true }], { actor: 'x' })
    const claimers = Array.from({ length: 12 }, (_, i) => ({ store: i % 2 === 0 ? a : b, holder: `p${i}` }))
    const writes = await Promise.all(claimers.map((c) => c.store.claim('run-1', c.holder)))
    const winners = writes.flatMap((w, i) => (w.ok ? [claimers[i]!.holder] : []))
    expect(winners).toHaveLength(1)
    expect((await a.getRun('run-1'))?.claim?.holder).toBe(winners[0])
    expect(writes.filter((w) => !w.ok).every((w) => !w.ok && w.reason === 'held')).toBe(true)
  })

  it('lets another holder take over a running run after its holder stopped renewing', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'dead', leaseMs: 10_000 })
    h.clock.tick(9_999)
    expect(await store.claim('r', 'p2')).toMatchObject({ ok: false, reason: 'held' })
    h.clock.tick(1)
    const taken = await store.claim('r', 'p2', 20_000)
    expect(taken).toMatchObject({ ok: true, run: { claim: { holder: 'p2', expiresAt: h.clock.now + 20_000 } } })
    expect(await store.renew('r', 'dead')).toBe(false)
    await expect(store.updateRun('r', { expect: { holder: 'dead' }, status: 'completed' })).resolves.toMatchObject({
      ok: false,
      reason: 'holder',
    })
  })

  it('renewing keeps the run; releasing lets another holder claim at once', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p1', leaseMs: 10_000 })
    h.clock.tick(8_000)
    expect(await store.renew('r', 'p1', 10_000)).toBe(true)
    h.clock.tick(8_000)
    expect(await store.claim('r', 'p2')).toMatchObject({ ok: false, reason: 'held' })
    expect(await store.release('r', 'p2')).toBe(false)
    expect(await store.release('r', 'p1')).toBe(true)
    expect((await store.claim('r', 'p2')).ok).toBe(true)
    expect(await store.renew('r', 'p1')).toBe(false)
  })

  it('a holder re-claiming its own run extends it; a finished run cannot be claimed', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p1', leaseMs: 1_000 })
    h.clock.tick(500)
    expect(await store.claim('r', 'p1', 1_000)).toMatchObject({
      ok: true,
      run: { claim: { expiresAt: h.clock.now + 1_000 } },
    })
    await store.updateRun('r', { status: 'completed' })
    expect(await store.claim('r', 'p1')).toMatchObject({ ok: false, reason: 'status', run: { status: 'completed' } })
  })
}
