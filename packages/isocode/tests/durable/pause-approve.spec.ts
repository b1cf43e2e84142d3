// A gated call pauses the run; approve (with or without edited args) and reject resume it by
// replay: the approved call runs once, recorded calls are served from the log.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let cm: CodeMode
const sent: unknown[] = []
const lookups: unknown[] = []
const keys: unknown[] = []

beforeAll(async () => {
  cm = await createCodeMode({
    isolation: 'isolate',
    tools: {
      lookup: {
        inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        execute: async (args: { name: string }, options: { idempotencyKey?: string }) => {
          lookups.push(args)
          keys.push(options.idempotencyKey)
          return `${args.name}@example.com`
        },
      },
      send_email: {
        inputSchema: {
          type: 'object',
          properties: { to: { type: 'string' }, body: { type: 'string' } },
          required: ['to', 'body'],
          additionalProperties: false,
        },
        needsApproval: true,
        execute: async (args: { to: string; body: string }, options: { idempotencyKey?: string }) => {
          sent.push(args)
          keys.push(options.idempotencyKey)
          return `sent to ${args.to}`
        },
      },
      maybe_gated: {
        inputSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        needsApproval: async (args: { amount: number }) => args.amount > 100,
        execute: async (args: { amount: number }) => `moved ${args.amount}`,
      },
    },
  })
})
afterAll(() => cm.close())
beforeEach(() => {
  sent.length = 0
  lookups.length = 0
  keys.length = 0
})

const PROGRAM = `const to = await tools.lookup({ name: 'ada' })
console.log('looked up', to)
const r = await tools.send_email({ to, body: 'hi' })
console.log('after send')
return r`

describe('pause and approve', () => {
  it('pauses at the gated call: nothing after it runs, the pending call names its line:column', async () => {
    const paused = await cm.run(PROGRAM)
    expect(paused).toMatchObject({ ok: false, status: 'paused' })
    if (paused.status !== 'paused') throw new Error('not paused')
    expect(paused.error.kind).toBe('paused')
    expect(paused.pending).toEqual([
      { seq: 2, tool: 'send_email', args: { to: 'ada@example.com', body: 'hi' }, line: 3, column: 23 },
    ])
    expect(paused.logs).toEqual(['looked up ada@example.com'])
    expect(sent).toEqual([])
    expect(await cm.runs.get(paused.runId)).toMatchObject({
      status: 'paused',
      pending: [{ seq: 2, tool: 'send_email' }],
    })
    expect(await cm.runs.pending()).toContainEqual(expect.objectContaining({ runId: paused.runId, seq: 2 }))

    const done = await cm.runs.approve(paused.runId)
    expect(done).toMatchObject({ ok: true, status: 'completed', runId: paused.runId, value: 'sent to ada@example.com' })
    // why: the recorded lookup was served from the log, the approved call ran once, with its key.
    expect(lookups).toEqual([{ name: 'ada' }])
    expect(sent).toEqual([{ to: 'ada@example.com', body: 'hi' }])
    expect(keys).toEqual([`${paused.runId}:1`, `${paused.runId}:2`])
    expect(done.logs).toEqual(['looked up ada@example.com', 'after send'])
    expect((await cm.runs.get(paused.runId))?.status).toBe('completed')

    // why: a completed run is not paused; deciding it is refused and changes nothing.
    await expect(cm.runs.approve(paused.runId)).rejects.toMatchObject({ code: 'RUN_NOT_PAUSED' })
    expect(sent).toHaveLength(1)
  })

  it('a rejected call reaches the program as a ToolCallError whose code is DENIED, with the reason, and it goes on', async () => {
    const paused = await cm.run(`try {
  await tools.send_email({ to: 'x@example.com', body: 'spam' })
} catch (e) {
  if (e instanceof ToolCallError && e.code === 'DENIED') console.log('denied:', e.tool, e.message)
}
return 'went on'`)
    expect(paused.status).toBe('paused')
    const done = await cm.runs.reject(paused.runId as string, { reason: 'not today' })
    expect(done).toMatchObject({ ok: true, status: 'completed', value: 'went on' })
    expect(done.logs).toHaveLength(1)
    // why: R-115 — the program branches on e.code, not on the message text.
    expect(done.logs[0]).toMatch(/^denied: send_email tools\.send_email failed \(DENIED\): .*not today$/)
    expect(sent).toEqual([])
    // why: approving after a reject: the run is no longer paused, nothing changes.
    await expect(cm.runs.approve(paused.runId as string)).rejects.toMatchObject({ code: 'RUN_NOT_PAUSED' })
    expect(sent).toEqual([])
    expect((await cm.runs.get(paused.runId as string))?.status).toBe('completed')
  })

  it('approves with edited args; bad edited args are refused and change nothing', async () => {
    const paused = await cm.run(`return await tools.send_email({ to: 'bob@example.com', body: 'draft' })`)
    if (paused.status !== 'paused') throw new Error('not paused')
    await expect(
      cm.runs.approve(paused.runId, [{ seq: 1, approve: true, args: { to: 'bob@example.com', body: 7 } }]),
    ).rejects.toMatchObject({ code: 'INVALID_DECISIONS', message: expect.stringMatching(/body/) })
    await expect(cm.runs.approve(paused.runId, [{ seq: 9, approve: true }])).rejects.toMatchObject({
      code: 'INVALID_DECISIONS',
      message: expect.stringMatching(/9 is not a pending call/),
    })
    await expect(cm.runs.approve(paused.runId, [])).rejects.toMatchObject({
      code: 'INVALID_DECISIONS',
      message: expect.stringMatching(/call 1 has no decision/),
    })
    await expect(cm.runs.approve(paused.runId, 'yes' as never)).rejects.toMatchObject({ code: 'INVALID_DECISIONS' })
    expect(sent).toEqual([])
    expect(await cm.runs.get(paused.runId)).toMatchObject({ status: 'paused', pending: [{ seq: 1 }] })

    const done = await cm.runs.approve(paused.runId, [
      { seq: 1, approve: true, args: { to: 'bob@example.com', body: 'final' } },
    ])
    expect(done).toMatchObject({ ok: true, value: 'sent to bob@example.com' })
    expect(sent).toEqual([{ to: 'bob@example.com', body: 'final' }])
  })

  it('gates per call with a function of the arguments', async () => {
    const small = await cm.run(`return await tools.maybe_gated({ amount: 5 })`)
    expect(small).toMatchObject({ ok: true, value: 'moved 5' })
    const big = await cm.run(`return await tools.maybe_gated({ amount: 500 })`)
    expect(big).toMatchObject({ status: 'paused', pending: [{ tool: 'maybe_gated', args: { amount: 500 } }] })
  })

  it('unknown runIds are clear errors', async () => {
    await expect(cm.runs.approve('no-such-run')).rejects.toMatchObject({ code: 'RUN_NOT_FOUND' })
    await expect(cm.runs.resume(42 as never)).rejects.toMatchObject({ code: 'RUN_NOT_FOUND' })
    expect(await cm.runs.get('no-such-run')).toBeUndefined()
  })
})
