import { expect, it } from 'vitest'
import type { Harness } from './types.ts'

/** Run records: create, read, list, and compare-and-set updates. */
export function runCases(h: Harness): void {
  it('creates a running run claimed by its holder and reads it back', async () => {
    const store = await h.store()
    const run = await store.createRun({ id: 'r1', code: 'return 1', options: { scope: 'a', budget: 3 }, holder: 'p1' })
    expect(run).toMatchObject({ id: 'r1', status: 'running', version: 1, code: 'return 1' })
    expect(run.options).toEqual({ scope: 'a', budget: 3 })
    expect(run.createdAt).toBe(h.clock.now)
    expect(run.claim).toEqual({ holder: 'p1', expiresAt: h.clock.now + 30_000 })
    expect(await store.getRun('r1')).toEqual(run)
    expect(await store.getRun('nope')).toBeUndefined()
  })

  it('gives a run without an id a fresh one, and refuses a taken id with RUN_EXISTS', async () => {
    const store = await h.store()
    const a = await store.createRun({ code: '', holder: 'p' })
    const b = await store.createRun({ code: '', holder: 'p' })
    expect(a.id).not.toBe(b.id)
    await expect(store.createRun({ id: a.id, code: 'x', holder: 'p' })).rejects.toMatchObject({ code: 'RUN_EXISTS' })
    expect((await store.getRun(a.id))?.code).toBe('')
  })

  it('lists runs newest first, filtered by status and limited', async () => {
    const store = await h.store()
    for (const id of ['a', 'b', 'c', 'd']) {
      await store.createRun({ id, code: id, holder: 'p' })
      h.clock.tick(10)
    }
    await store.updateRun('b', { status: 'failed' })
    await store.updateRun('d', { status: 'failed' })
    expect((await store.listRuns()).map((r) => r.id)).toEqual(['d', 'c', 'b', 'a'])
    expect((await store.listRuns({ status: 'failed' })).map((r) => r.id)).toEqual(['d', 'b'])
    expect((await store.listRuns({ status: ['running', 'failed'], limit: 3 })).map((r) => r.id)).toEqual([
      'd',
      'c',
      'b',
    ])
    await expect(store.listRuns({ status: 'done' as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })

  it('applies an update only when status, version and holder match, and bumps the version', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p1' })
    const wrongStatus = await store.updateRun('r', { expect: { status: ['paused'] }, status: 'cancelled' })
    expect(wrongStatus).toMatchObject({ ok: false, reason: 'status', run: { status: 'running', version: 1 } })
    const wrongVersion = await store.updateRun('r', { expect: { version: 7 }, status: 'cancelled' })
    expect(wrongVersion).toMatchObject({ ok: false, reason: 'version' })
    const wrongHolder = await store.updateRun('r', { expect: { holder: 'p2' }, status: 'completed' })
    expect(wrongHolder).toMatchObject({ ok: false, reason: 'holder' })
    expect(await store.updateRun('ghost', { status: 'failed' })).toEqual({ ok: false, reason: 'not-found' })
    h.clock.tick(5)
    const done = await store.updateRun('r', {
      expect: { status: ['running'], version: 1, holder: 'p1' },
      status: 'completed',
      result: { value: [1, 'two'] },
    })
    expect(done).toMatchObject({ ok: true, run: { status: 'completed', version: 2, result: { value: [1, 'two'] } } })
    const after = await store.getRun('r')
    expect(after!.claim).toBeUndefined()
    expect(after!.updatedAt).toBe(h.clock.now)
    await expect(store.updateRun('r', { status: 'running' as never })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
  })

  it('pausing drops the claim and starts the 7-day TTL', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p1' })
    const paused = await store.updateRun('r', { expect: { holder: 'p1' }, status: 'paused' })
    expect(paused.ok).toBe(true)
    const run = await store.getRun('r')
    expect(run?.claim).toBeUndefined()
    expect(run?.expiresAt).toBe(h.clock.now + 7 * 24 * 60 * 60 * 1000)
  })

  it('refuses a run result over the cap and keeps the run unchanged', async () => {
    const store = await h.open({ maxRecordBytes: 1000 })
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await expect(store.updateRun('r', { status: 'completed', result: 'x'.repeat(2000) })).rejects.toMatchObject({
      code: 'VALUE_TOO_LARGE',
    })
    expect(await store.getRun('r')).toMatchObject({ status: 'running', version: 1 })
  })

  it('hands out copies: changing a returned record changes nothing stored', async () => {
    const store = await h.store()
    const run = await store.createRun({ id: 'r', code: '', options: { a: 1 }, holder: 'p' })
    ;(run.options as { a: number }).a = 2
    expect((await store.getRun('r'))?.options).toEqual({ a: 1 })
  })

  it('throws CLOSED after close', async () => {
    const store = await h.open()
    await store.close()
    await expect(store.getRun('r')).rejects.toMatchObject({ code: 'CLOSED' })
  })
}
