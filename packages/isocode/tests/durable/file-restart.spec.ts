// A paused run survives its Code Mode: a new createCodeMode on the same file: store decides
// and resumes it; a changed tool schema refuses the resume before anything runs; a bad store fails
// createCodeMode itself.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCodeMode } from 'isocode'
import type { ToolInput } from 'isocode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir: string
const sent: Array<{ to: string; key: string | undefined }> = []

const sendEmail = (extra: Record<string, unknown> = {}): ToolInput => ({
  inputSchema: { type: 'object', properties: { to: { type: 'string' }, ...extra }, required: ['to'] },
  needsApproval: true,
  execute: async (args: { to: string }, options) => {
    sent.push({ to: args.to, key: options.idempotencyKey })
    return `sent to ${args.to}`
  },
})

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'isocode-durable-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('a file: store across Code Modes', () => {
  it('pauses in one Code Mode, refuses a changed schema, and resumes in a fresh one', async () => {
    const store = `file:${join(dir, 'runs.db')}`
    const first = await createCodeMode({ isolation: 'isolate', store, tools: { send_email: sendEmail() } })
    const paused = await first.run(`const r = await tools.send_email({ to: 'ada@example.com' })
return r`)
    await first.close()
    expect(paused.status).toBe('paused')

    // why: the tool's schema changed between pause and resume: refused naming the tool, nothing ran.
    const changed = await createCodeMode({
      isolation: 'isolate',
      store,
      tools: { send_email: sendEmail({ cc: { type: 'string' } }) },
    })
    await expect(changed.runs.approve(paused.runId as string)).rejects.toMatchObject({
      code: 'TOOL_CHANGED',
      message: expect.stringMatching(/tools\.send_email changed/),
    })
    expect(await changed.runs.get(paused.runId as string)).toMatchObject({ status: 'paused', pending: [{ seq: 1 }] })
    await changed.close()
    const gone = await createCodeMode({ isolation: 'isolate', store, tools: {} })
    await expect(gone.runs.resume(paused.runId as string)).rejects.toMatchObject({
      code: 'TOOL_CHANGED',
      message: expect.stringMatching(/tools\.send_email, which is gone/),
    })
    await gone.close()
    expect(sent).toEqual([])

    const second = await createCodeMode({ isolation: 'isolate', store, tools: { send_email: sendEmail() } })
    expect(await second.runs.pending()).toEqual([
      { runId: paused.runId, seq: 1, tool: 'send_email', args: { to: 'ada@example.com' }, line: 1, column: 23 },
    ])
    const done = await second.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, status: 'completed', value: 'sent to ada@example.com' })
    expect(sent).toEqual([{ to: 'ada@example.com', key: `${paused.runId}:1` }])
    expect((await second.runs.list({ status: 'completed' })).map((r) => r.runId)).toContain(paused.runId)
    await second.close()
  })

  it('cancel ends a paused run; rollback reverts applied calls newest first, past a failing revert', async () => {
    const reverted: string[] = []
    const cm = await createCodeMode({
      isolation: 'isolate',
      store: `file:${join(dir, 'rollback.db')}`,
      tools: {
        create_issue: {
          inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
          outputSchema: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
          execute: async ({ title }: { title: string }) => ({ id: title.length }),
          revert: async (args: { title: string }, result: { id: number }) => {
            if (args.title === 'bad') throw new Error('cannot revert')
            reverted.push(`${args.title}#${result.id}`)
          },
        },
        publish: { inputSchema: { type: 'object' }, needsApproval: true, execute: async () => 'published' },
      },
    })
    const paused = await cm.run(`await tools.create_issue({ title: 'one' })
await tools.create_issue({ title: 'bad' })
await tools.create_issue({ title: 'three' })
return await tools.publish({})`)
    expect(paused.status).toBe('paused')
    const other = await cm.run(`return await tools.publish({})`)
    await cm.runs.cancel(other.runId as string)
    expect((await cm.runs.get(other.runId as string))?.status).toBe('cancelled')
    await expect(cm.runs.approve(other.runId as string)).rejects.toMatchObject({ code: 'RUN_NOT_PAUSED' })

    const rolled = await cm.runs.rollback(paused.runId as string)
    expect(reverted).toEqual(['three#5', 'one#3'])
    expect(rolled).toEqual({ reverted: 2, failures: [{ seq: 2, tool: 'create_issue', message: 'cannot revert' }] })
    expect((await cm.runs.get(paused.runId as string))?.status).toBe('rolled-back')
    await expect(cm.runs.approve(paused.runId as string)).rejects.toMatchObject({ code: 'RUN_NOT_PAUSED' })
    await cm.close()
  })

  it('a store URL that does not parse or cannot be opened fails createCodeMode', async () => {
    await expect(createCodeMode({ store: 'nope://x' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: expect.stringMatching(/^createCodeMode: store: /),
    })
    await expect(createCodeMode({ store: 42 as never })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: expect.stringMatching(/store must be a store URL/),
    })
    const notADatabase = join(dir, 'not-a-db.txt')
    await writeFile(notADatabase, 'this is not SQLite '.repeat(100))
    await expect(createCodeMode({ isolation: 'isolate', store: `file:${notADatabase}` })).rejects.toMatchObject({
      code: 'STARTUP',
    })
  })
})
