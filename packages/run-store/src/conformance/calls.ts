import { expect, it } from 'vitest'
import type { Harness } from './types.ts'

/** The write-ahead call log, recorded nondeterminism, tool hashes and the audit trail. */
export function callCases(h: Harness): void {
  it('records started before done, with the idempotency key, and lists the log in seq order', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    const started = await store.callStarted('r', {
      seq: 2,
      tool: 'write',
      args: { path: 'b' },
      toolHash: 'hw',
      position: { line: 3, column: 9 },
    })
    expect(started).toMatchObject({ seq: 2, state: 'started', idempotencyKey: 'r:2', position: { line: 3, column: 9 } })
    expect(started.result).toBeUndefined()
    await store.callStarted('r', { seq: 1, tool: 'read', args: { path: 'a' } })
    h.clock.tick(3)
    const done = await store.callDone('r', 1, { result: { text: 'hello', n: [1, null] } })
    expect(done).toMatchObject({ state: 'done', result: { text: 'hello', n: [1, null] }, doneAt: h.clock.now })
    await store.callDone('r', 2, { error: { code: 'EIO', message: 'disk' } })
    const log = await store.listCalls('r')
    expect(log.map((c) => [c.seq, c.tool, c.state])).toEqual([
      [1, 'read', 'done'],
      [2, 'write', 'done'],
    ])
    expect(log[1]).toMatchObject({
      error: { code: 'EIO', message: 'disk' },
      args: { path: 'b' },
      idempotencyKey: 'r:2',
    })
    expect(log[1]!.result).toBeUndefined()
  })

  it('tells a tool that returned nothing from one that returned null', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 't', args: {} })
    await store.callStarted('r', { seq: 2, tool: 't', args: {} })
    await store.callDone('r', 1, {})
    await store.callDone('r', 2, { result: null })
    const [a, b] = await store.listCalls('r')
    expect('result' in a!).toBe(false)
    expect(b!.result).toBeNull()
  })

  it('refuses a seq recorded twice, done without started, and calls of an unknown run', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 't', args: {} })
    await expect(store.callStarted('r', { seq: 1, tool: 't', args: {} })).rejects.toMatchObject({ code: 'CALL_EXISTS' })
    await expect(store.callDone('r', 9, {})).rejects.toMatchObject({ code: 'CALL_NOT_STARTED' })
    await store.callDone('r', 1, {})
    await expect(store.callDone('r', 1, {})).rejects.toMatchObject({ code: 'CALL_NOT_STARTED' })
    await expect(store.callStarted('ghost', { seq: 1, tool: 't', args: {} })).rejects.toMatchObject({
      code: 'RUN_NOT_FOUND',
    })
  })

  it('with a holder, refuses to start a call once the claim is lost', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p1', leaseMs: 1000 })
    await store.callStarted('r', { seq: 1, tool: 't', args: {} }, 'p1')
    h.clock.tick(1001)
    expect((await store.claim('r', 'p2')).ok).toBe(true)
    await expect(store.callStarted('r', { seq: 2, tool: 't', args: {} }, 'p1')).rejects.toMatchObject({
      code: 'CLAIM_LOST',
    })
    expect((await store.listCalls('r')).map((c) => c.seq)).toEqual([1])
  })

  it('returns each entry it writes as the log reads it back', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    const call = { seq: 1, tool: 'read', args: { path: 'a', deep: [{ n: 1 }] }, toolHash: 'h1' }
    const started = await store.callStarted('r', { ...call, position: { line: 4, column: 2 } }, 'p')
    expect([started]).toEqual(await store.listCalls('r'))
    h.clock.tick(2)
    const done = await store.callDone('r', 1, { result: { lines: ['x', 'y'] } })
    expect([done]).toEqual(await store.listCalls('r'))
    expect(done).toMatchObject({ startedAt: h.clock.now - 2, doneAt: h.clock.now, position: { line: 4, column: 2 } })
    await store.callStarted('r', { seq: 2, tool: 'write', args: {} })
    const failed = await store.callDone('r', 2, { error: { code: 'EIO' } })
    expect(failed).toEqual((await store.listCalls('r'))[1])
    expect('toolHash' in failed || 'position' in failed || 'result' in failed).toBe(false)
  })

  it('with a holder, refuses to start a call of a run it does not hold, and writes nothing', async () => {
    const store = await h.store()
    const call = { seq: 1, tool: 't', args: {} }
    await store.createRun({ id: 'theirs', code: '', holder: 'p2' })
    await expect(store.callStarted('theirs', call, 'p1')).rejects.toMatchObject({ code: 'CLAIM_LOST' })
    await store.createRun({ id: 'released', code: '', holder: 'p1' })
    await store.release('released', 'p1')
    await expect(store.callStarted('released', call, 'p1')).rejects.toMatchObject({ code: 'CLAIM_LOST' })
    await store.createRun({ id: 'paused', code: '', holder: 'p1' })
    await store.updateRun('paused', { status: 'paused' })
    await expect(store.callStarted('paused', call, 'p1')).rejects.toMatchObject({ code: 'CLAIM_LOST' })
    await expect(store.callStarted('ghost', call, 'p1')).rejects.toMatchObject({ code: 'RUN_NOT_FOUND' })
    for (const id of ['theirs', 'released', 'paused']) expect(await store.listCalls(id)).toEqual([])
    await store.createRun({ id: 'mine', code: '', holder: 'p1' })
    await store.callStarted('mine', call, 'p1')
    await expect(store.callStarted('mine', call, 'p1')).rejects.toMatchObject({
      code: 'CALL_EXISTS',
      message: expect.stringContaining('(started)'),
    })
  })

  it('says why a call cannot be done before it looks at the outcome', async () => {
    const store = await h.store()
    const small = await h.open({ maxRecordBytes: 100 })
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.recordPending('r', { seq: 1, tool: 'send', args: {}, gate: 'approval' })
    await store.callStarted('r', { seq: 2, tool: 'fetch', args: {} })
    const big = 'x'.repeat(200)
    for (const outcome of [{}, { result: big }, { error: big }, { result: Number.NaN }]) {
      await expect(small.callDone('r', 1, outcome)).rejects.toMatchObject({
        code: 'CALL_NOT_STARTED',
        message: expect.stringContaining('(pending)'),
      })
      await expect(small.callDone('r', 9, outcome)).rejects.toMatchObject({
        code: 'CALL_NOT_STARTED',
        message: expect.stringContaining('(absent)'),
      })
    }
    await expect(small.callDone('r', 2, { error: big })).rejects.toMatchObject({
      code: 'VALUE_TOO_LARGE',
      message: expect.stringContaining('the error of tool "fetch"'),
    })
    await expect(small.callDone('r', 2, { result: Number.NaN })).rejects.toMatchObject({ code: 'NOT_JSON' })
    expect((await store.listCalls('r'))[1]!.state).toBe('started')
    await small.callDone('r', 2, { result: 'ok' })
    await expect(small.callDone('r', 2, { result: big })).rejects.toMatchObject({
      code: 'CALL_NOT_STARTED',
      message: expect.stringContaining('(done)'),
    })
    expect((await store.listCalls('r'))[1]).toMatchObject({ state: 'done', result: 'ok' })
  })

  it('caps recorded values at 1 MiB by default, naming the tool and the cap', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 'fetch_page', args: { url: 'u' } })
    const big = 'x'.repeat(2 * 1024 * 1024)
    const error = await store.callDone('r', 1, { result: big }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'VALUE_TOO_LARGE' })
    expect((error as Error).message).toContain('"fetch_page"')
    expect((error as Error).message).toContain('1 MiB')
    expect((await store.listCalls('r'))[0]!.state).toBe('started')
    const justUnder = 'y'.repeat(1024 * 1024 - 2)
    expect((await store.callDone('r', 1, { result: justUnder })).state).toBe('done')
    await expect(store.callStarted('r', { seq: 2, tool: 'upload', args: { body: big } })).rejects.toThrow(/"upload"/)
  })

  it('refuses values that are not JSON, naming the path', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await expect(store.callStarted('r', { seq: 1, tool: 't', args: { n: Number.NaN } })).rejects.toMatchObject({
      code: 'NOT_JSON',
      message: expect.stringContaining('$.n'),
    })
    await expect(store.callStarted('r', { seq: 1, tool: 't', args: { d: new Date() as never } })).rejects.toMatchObject(
      {
        code: 'NOT_JSON',
      },
    )
    expect(await store.listCalls('r')).toEqual([])
  })

  it('derives the schema hash of every tool the run called from its log', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 'read', args: {}, toolHash: 'h-read' })
    await store.callStarted('r', { seq: 2, tool: 'read', args: {}, toolHash: 'h-read' })
    await store.recordPending('r', { seq: 3, tool: 'send', args: {}, toolHash: 'h-send', gate: 'approval' })
    expect(await store.toolHashes('r')).toEqual({ read: 'h-read', send: 'h-send' })
  })

  it('appends recorded nondeterminism in order and reads it back', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    expect(await store.appendJournal('r', [{ now: 1 }, { random: 0.25 }])).toBe(2)
    expect(await store.appendJournal('r', [{ now: 2 }])).toBe(3)
    expect(await store.readJournal('r')).toEqual([{ now: 1 }, { random: 0.25 }, { now: 2 }])
    expect(await store.readJournal('other')).toEqual([])
    const small = await h.open({ maxRecordBytes: 100 })
    await expect(small.appendJournal('r', [{ now: 3 }, 'z'.repeat(200)])).rejects.toMatchObject({
      code: 'VALUE_TOO_LARGE',
    })
    expect(await store.readJournal('r')).toHaveLength(3)
  })

  it('keeps an audit trail of who did what, when', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.appendAudit('r', { actor: 'alice', action: 'cancel', detail: { why: 'late' } })
    h.clock.tick(1)
    await store.appendAudit('r', { actor: 'cli', action: 'resume' })
    expect(await store.listAudit('r')).toEqual([
      { runId: 'r', index: 0, at: h.clock.now - 1, actor: 'alice', action: 'cancel', detail: { why: 'late' } },
      { runId: 'r', index: 1, at: h.clock.now, actor: 'cli', action: 'resume' },
    ])
    await expect(store.appendAudit('ghost', { actor: 'a', action: 'x' })).rejects.toMatchObject({
      code: 'RUN_NOT_FOUND',
    })
  })
}
