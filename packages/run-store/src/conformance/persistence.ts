import { expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../sql/schema.ts'
import { pausedRun } from './fixtures.ts'
import type { Harness } from './types.ts'

/** What outlives the handles: reopening after close, and the refusal of a newer schema. */
export function persistenceCases(h: Harness): void {
  it('finds runs, log, decisions, journal, audit, state and programs again after every handle closed', async () => {
    const store = await h.store()
    await pausedRun(store, { gated: 1 })
    await store.decide('run-1', [{ seq: 2, approve: true, args: { to: 'z' } }], { actor: 'alice' })
    await store.appendJournal('run-1', [{ now: 5 }])
    await store.state.set('scope', 'k', { v: 1 })
    await store.programs.save({ name: 'p', code: 'return 1', description: 'd', toolHashes: { t: 'h' } })
    const before = {
      run: await store.getRun('run-1'),
      calls: await store.listCalls('run-1'),
      audit: await store.listAudit('run-1'),
    }
    await h.closeAll()
    const again = await h.open()
    expect(await again.getRun('run-1')).toEqual(before.run)
    expect(await again.listCalls('run-1')).toEqual(before.calls)
    expect(await again.listAudit('run-1')).toEqual(before.audit)
    expect(await again.readJournal('run-1')).toEqual([{ now: 5 }])
    expect(await again.state.get('scope', 'k')).toEqual({ v: 1 })
    expect((await again.programs.get('p'))?.toolHashes).toEqual({ t: 'h' })
    expect((await again.claim('run-1', 'after-restart')).ok).toBe(true)
  })

  it('refuses a store written by a newer schema version at open, naming both versions', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await h.closeAll()
    await h.subject().writeSchemaVersion!(SCHEMA_VERSION + 1)
    const error = await h.open().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'SCHEMA_TOO_NEW' })
    expect((error as Error).message).toContain(`schema version ${SCHEMA_VERSION + 1}`)
    await h.subject().writeSchemaVersion!(SCHEMA_VERSION)
    expect((await (await h.open()).getRun('r'))?.id).toBe('r')
  })
}
