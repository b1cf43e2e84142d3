// Two pools on one PostgreSQL schema stand for two processes: they open a fresh schema at once,
// then decide and claim the same runs at once; a call written ahead waits for a claim committing.
import { setTimeout as sleep } from 'node:timers/promises'
import { Client } from 'pg'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { openRunStore } from '../src/open.ts'
import type { RunStore } from '../src/run-store.ts'
import { PG_URL, pgSchema } from './helpers.ts'

const db = pgSchema('race')
let stores: RunStore[] = []
beforeEach(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await db.reset()
  // why: both pools migrate the empty schema at the same moment.
  stores = await Promise.all([openRunStore(db.url), openRunStore(db.url)])
})
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await db.drop()
})

async function paused(store: RunStore, id: string): Promise<void> {
  await store.createRun({ id, code: '', holder: 'first' })
  await store.recordPending(id, { seq: 1, tool: 'send', args: { to: 'x' }, gate: 'approval' })
  await store.updateRun(id, { status: 'paused' })
}

it('two pools approving the same runs at once: exactly one decision per run', async () => {
  const [a, b] = stores as [RunStore, RunStore]
  const ids = Array.from({ length: 20 }, (_, i) => `r${i}`)
  for (const id of ids) await paused(a, id)
  const writes = await Promise.all(
    ids.flatMap((id) => [
      a.decide(id, [{ seq: 1, approve: true }], { actor: 'a' }),
      b.decide(id, [{ seq: 1, approve: false, reason: 'no' }], { actor: 'b' }),
    ]),
  )
  for (const [i, id] of ids.entries()) {
    const pair = [writes[2 * i]!, writes[2 * i + 1]!]
    expect(pair.filter((w) => w.ok)).toHaveLength(1)
    expect(pair.find((w) => !w.ok)).toMatchObject({ reason: 'decided' })
    expect(await a.listAudit(id)).toHaveLength(1)
  }
})

it('two pools claiming the same decided runs at once: exactly one holder per run', async () => {
  const [a, b] = stores as [RunStore, RunStore]
  const ids = Array.from({ length: 20 }, (_, i) => `r${i}`)
  for (const id of ids) {
    await paused(a, id)
    await a.decide(id, [{ seq: 1, approve: true }], { actor: 'a' })
  }
  const writes = await Promise.all(ids.flatMap((id) => [a.claim(id, 'proc-a'), b.claim(id, 'proc-b')]))
  for (const [i, id] of ids.entries()) {
    const pair = [writes[2 * i]!, writes[2 * i + 1]!]
    expect(pair.filter((w) => w.ok)).toHaveLength(1)
    const winner = pair[0]!.ok ? 'proc-a' : 'proc-b'
    expect((await b.getRun(id))?.claim?.holder).toBe(winner)
  }
})

it('a call written ahead while another process claims the run waits for that claim, then is refused', async () => {
  const [a] = stores as [RunStore]
  await a.createRun({ id: 'r', code: '', holder: 'p1' })
  const other = new Client({ connectionString: PG_URL, options: `-c search_path=${db.schema}` })
  await other.connect()
  try {
    await other.query('BEGIN')
    await other.query(`UPDATE runs SET claim_holder = 'p2', version = version + 1 WHERE id = 'r'`)
    const start = a.callStarted('r', { seq: 1, tool: 't', args: {} }, 'p1')
    // why: the write ahead locks the run's row (FOR UPDATE), so it cannot read the claim from
    // before the other process's uncommitted one and write a call of a run it no longer holds.
    const first = await Promise.race([
      start.then(
        () => 'settled',
        () => 'settled',
      ),
      sleep(300, 'waiting'),
    ])
    expect(first).toBe('waiting')
    await other.query('COMMIT')
    await expect(start).rejects.toMatchObject({ code: 'CLAIM_LOST' })
    expect(await a.listCalls('r')).toEqual([])
  } finally {
    await other.end()
  }
})
