// Runs survive a restart on PostgreSQL too: the runStore service opened from a
// postgres:// URL (this file's own schema), a run paused by one app is approved and resumed by a
// fresh app, and the gated call runs exactly once. An unreachable server fails the file.
import { Client } from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, data, PROGRAM } from './app.ts'

const PG_URL = 'postgres://postgres@127.0.0.1:5432/test'
const schema = `e2e_runstore_${process.pid}`

async function admin(text: string): Promise<void> {
  const client = new Client({ connectionString: PG_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

beforeAll(() => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`))
afterAll(() => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`))

it('a run paused by one app is approved and resumed by a fresh app on the same schema', async () => {
  const url = `${PG_URL}?schema=${schema}`
  const first = await boot({ store: url })
  const paused = data(await first.runCode(PROGRAM))
  await first.dispose()
  expect(paused).toMatchObject({ status: 'paused', pending: [{ seq: 2, tool: 'send' }] })
  expect(first.sent).toEqual([])

  const second = await boot({ store: url })
  try {
    const done = await second.root.tools.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, status: 'completed', value: { sent: 'ada@example.com' } })
    expect(second.sent).toEqual(['ada@example.com'])
    expect(second.lookups.count).toBe(0)
    await expect(second.root.tools.runs.resume(paused.runId as string)).rejects.toMatchObject({
      code: 'RUN_NOT_PAUSED',
    })
    expect(second.sent).toEqual(['ada@example.com'])
  } finally {
    await second.dispose()
  }
})
