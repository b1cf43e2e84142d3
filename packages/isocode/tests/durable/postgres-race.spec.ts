// Two Code Modes on one postgres:// store approve the same paused run at once: exactly one resumes
// it, the other gets RUN_NOT_PAUSED, and the approved call runs once. A store that cannot
// be reached fails createCodeMode. Runs against the real server (never skipped).
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { Client } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// why: a schema of this file's own, fresh for every run of it.
const SERVER = 'postgres://postgres@127.0.0.1:5432/test'
const schema = `isocode_durable_${process.pid}_${Date.now()}`
const url = `${SERVER}?schema=${schema}`
const charged: string[] = []
let a: CodeMode
let b: CodeMode

const tools = () => ({
  charge: {
    inputSchema: { type: 'object', properties: { cents: { type: 'number' } }, required: ['cents'] },
    needsApproval: true,
    execute: async ({ cents }: { cents: number }, options: { idempotencyKey?: string }) => {
      charged.push(`${cents} ${options.idempotencyKey ?? ''}`)
      return 'charged'
    },
  },
})

beforeAll(async () => {
  a = await createCodeMode({ isolation: 'isolate', store: url, tools: tools() })
  b = await createCodeMode({ isolation: 'isolate', store: url, tools: tools() })
})
afterAll(async () => {
  await a?.close()
  await b?.close()
  const client = new Client({ connectionString: SERVER })
  await client.connect()
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  await client.end()
})

describe('postgres:// store shared by two Code Modes', () => {
  it('exactly one of two concurrent approvals wins', async () => {
    const paused = await a.run(`return await tools.charge({ cents: 500 })`)
    expect(paused.status).toBe('paused')
    const outcomes = await Promise.allSettled([
      a.runs.approve(paused.runId as string),
      b.runs.approve(paused.runId as string),
    ])
    const won = outcomes.filter((o) => o.status === 'fulfilled')
    const lost = outcomes.filter((o) => o.status === 'rejected')
    expect(won).toHaveLength(1)
    expect(won[0]).toMatchObject({ value: { ok: true, value: 'charged' } })
    expect(lost).toHaveLength(1)
    expect(lost[0]).toMatchObject({ reason: { code: 'RUN_NOT_PAUSED' } })
    expect(charged).toEqual([`500 ${paused.runId}:1`])
    expect((await b.runs.get(paused.runId as string))?.status).toBe('completed')
  })

  it('a server that does not answer fails createCodeMode, naming the store', async () => {
    await expect(
      createCodeMode({ isolation: 'isolate', store: 'postgres://postgres@127.0.0.1:1/test', tools: tools() }),
    ).rejects.toMatchObject({ code: 'STARTUP', message: expect.stringMatching(/^createCodeMode: store: /) })
  })
})
