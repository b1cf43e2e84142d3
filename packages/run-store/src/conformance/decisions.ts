import { expect, it } from 'vitest'
import { pausedRun } from './fixtures.ts'
import type { Harness } from './types.ts'

/** Decisions approving calls 2 and 3 of a paused run, call 2 with edited arguments. */
const edited = (args: unknown): unknown[] => [
  { seq: 2, approve: true, args },
  { seq: 3, approve: true },
]

/** Pending gated calls, decisions on them, and the atomic refusal of a run that is not paused. */
export function decisionCases(h: Harness): void {
  it('lists the undecided pending calls of every paused run, oldest run first', async () => {
    const store = await h.store()
    await pausedRun(store, { id: 'a', gated: 2 })
    h.clock.tick(1)
    await pausedRun(store, { id: 'b', gated: 1 })
    const all = await store.pending()
    expect(all.map((c) => [c.runId, c.seq, c.tool, c.gate])).toEqual([
      ['a', 2, 'send', 'approval'],
      ['a', 3, 'send', 'approval'],
      ['b', 2, 'send', 'approval'],
    ])
    expect(all[0]).toMatchObject({ args: { to: 'u2' }, position: { line: 2, column: 7 }, state: 'pending' })
    expect((await store.pending('b')).map((c) => c.seq)).toEqual([2])
  })

  it('records decisions with edited args and an audit line each; the run stays paused until claimed', async () => {
    const store = await h.store()
    const paused = await pausedRun(store, { gated: 2 })
    h.clock.tick(60_000)
    const write = await store.decide(
      'run-1',
      [
        { seq: 2, approve: true, args: { to: 'edited' } },
        { seq: 3, approve: false, reason: 'not this one' },
      ],
      { actor: 'alice', expectVersion: paused.version },
    )
    expect(write).toMatchObject({ ok: true, run: { status: 'paused', version: paused.version + 1 } })
    const calls = await store.listCalls('run-1')
    expect(calls[1]!.decision).toEqual({ approve: true, args: { to: 'edited' }, actor: 'alice', at: h.clock.now })
    expect(calls[2]!.decision).toEqual({ approve: false, reason: 'not this one', actor: 'alice', at: h.clock.now })
    expect(calls[1]!.args).toEqual({ to: 'u2' })
    expect(await store.pending()).toEqual([])
    expect((await store.listAudit('run-1')).map((a) => [a.actor, a.action, a.detail])).toEqual([
      ['alice', 'approve', { seq: 2, tool: 'send', args: { to: 'edited' } }],
      ['alice', 'reject', { seq: 3, tool: 'send', reason: 'not this one' }],
    ])
  })

  it('refuses decisions that miss, repeat or invent a call, and changes nothing', async () => {
    const store = await h.store()
    const paused = await pausedRun(store, { gated: 2 })
    const bad = [
      [{ seq: 2, approve: true }],
      [
        { seq: 2, approve: true },
        { seq: 2, approve: false },
        { seq: 3, approve: true },
      ],
      [
        { seq: 2, approve: true },
        { seq: 3, approve: true },
        { seq: 1, approve: true },
      ],
      [{ seq: 2, approve: 'yes' }],
    ]
    for (const decisions of bad) {
      await expect(store.decide('run-1', decisions as never, { actor: 'a' })).rejects.toMatchObject({
        code: 'INVALID_DECISIONS',
      })
    }
    await expect(store.decide('run-1', edited({ n: Number.NaN }) as never, { actor: 'a' })).rejects.toMatchObject({
      code: 'NOT_JSON',
    })
    const small = await h.open({ maxRecordBytes: 100 })
    await expect(small.decide('run-1', edited({ body: 'x'.repeat(200) }) as never, { actor: 'a' })).rejects.toThrow(
      /edited arguments of tool "send"/,
    )
    expect((await store.pending('run-1')).length).toBe(2)
    expect((await store.getRun('run-1'))?.version).toBe(paused.version)
    expect(await store.listAudit('run-1')).toEqual([])
  })

  it('reports a run that is not paused, was decided already, or changed since it was read', async () => {
    const store = await h.store()
    await store.createRun({ id: 'live', code: '', holder: 'p' })
    expect(await store.decide('live', [], { actor: 'a' })).toMatchObject({ ok: false, reason: 'status' })
    expect(await store.decide('ghost', [], { actor: 'a' })).toEqual({ ok: false, reason: 'not-found' })
    const paused = await pausedRun(store)
    expect(await store.decide('run-1', [{ seq: 2, approve: true }], { actor: 'a', expectVersion: 99 })).toMatchObject({
      ok: false,
      reason: 'version',
    })
    expect((await store.decide('run-1', [{ seq: 2, approve: false }], { actor: 'a' })).ok).toBe(true)
    expect(await store.decide('run-1', [{ seq: 2, approve: true }], { actor: 'b' })).toMatchObject({
      ok: false,
      reason: 'decided',
    })
    expect((await store.listCalls('run-1'))[1]!.decision?.approve).toBe(false)
    await store.updateRun('run-1', { expect: { version: paused.version + 1 }, status: 'cancelled' })
    expect(await store.decide('run-1', [{ seq: 2, approve: true }], { actor: 'a' })).toMatchObject({
      ok: false,
      reason: 'status',
    })
  })

  it('of two deciders racing on one run exactly one wins', async () => {
    const store = await h.store()
    const other = await h.open()
    await pausedRun(store, { gated: 3 })
    const decisions = [2, 3, 4].map((seq) => ({ seq, approve: true }))
    const writes = await Promise.all([
      store.decide('run-1', decisions, { actor: 'one' }),
      other.decide('run-1', decisions, { actor: 'two' }),
      store.decide('run-1', decisions, { actor: 'three' }),
      other.decide('run-1', decisions, { actor: 'four' }),
    ])
    expect(writes.filter((w) => w.ok)).toHaveLength(1)
    expect(writes.filter((w) => !w.ok).map((w) => !w.ok && w.reason)).toEqual(['decided', 'decided', 'decided'])
    expect(new Set((await store.listAudit('run-1')).map((a) => a.actor)).size).toBe(1)
  })

  it('starts an approved pending call once; an undecided or rejected one never', async () => {
    const store = await h.store()
    await pausedRun(store, { gated: 2 })
    const call = { seq: 2, tool: 'send', args: { to: 'u2' } }
    await expect(store.callStarted('run-1', call)).rejects.toMatchObject({ code: 'CALL_EXISTS' })
    await store.decide(
      'run-1',
      [
        { seq: 2, approve: true },
        { seq: 3, approve: false },
      ],
      { actor: 'a' },
    )
    expect((await store.claim('run-1', 'p2')).ok).toBe(true)
    const started = await store.callStarted('run-1', call, 'p2')
    expect(started).toMatchObject({ state: 'started', decision: { approve: true }, idempotencyKey: 'run-1:2' })
    expect(started).toEqual((await store.listCalls('run-1'))[1])
    await expect(store.callStarted('run-1', call, 'p2')).rejects.toMatchObject({ code: 'CALL_EXISTS' })
    await expect(store.callStarted('run-1', { ...call, seq: 3 }, 'p2')).rejects.toMatchObject({ code: 'CALL_EXISTS' })
    const done = await store.callDone('run-1', 2, { result: 'sent' })
    expect(done).toMatchObject({ state: 'done', gate: 'approval', decision: { approve: true }, result: 'sent' })
    expect(done).toEqual((await store.listCalls('run-1'))[1])
  })

  it('turns a started call that may have run into a needs-review call to decide', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 'charge', args: { cents: 5 } })
    const review = await store.recordPending('r', { seq: 1, tool: 'charge', args: { cents: 5 }, gate: 'review' })
    expect(review).toMatchObject({ state: 'pending', gate: 'review' })
    await store.updateRun('r', { status: 'needs-review' })
    expect((await store.pending()).map((c) => [c.runId, c.seq, c.gate])).toEqual([['r', 1, 'review']])
    expect(await store.claim('r', 'p')).toMatchObject({ ok: false, reason: 'undecided' })
    expect((await store.decide('r', [{ seq: 1, approve: true }], { actor: 'ops' })).ok).toBe(true)
    expect((await store.claim('r', 'p')).ok).toBe(true)
    expect((await store.callStarted('r', { seq: 1, tool: 'charge', args: { cents: 5 } }, 'p')).state).toBe('started')
    await expect(
      store.recordPending('r', { seq: 9, tool: 'x', args: {}, gate: 'approval' }, 'other'),
    ).rejects.toMatchObject({ code: 'CLAIM_LOST' })
  })

  it('an approved call cut off after it started needs a new decision once turned to review', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.recordPending('r', { seq: 1, tool: 'charge', args: { cents: 5 }, gate: 'approval' }, 'p')
    await store.updateRun('r', { status: 'paused' })
    await store.decide('r', [{ seq: 1, approve: true }], { actor: 'ops' })
    expect((await store.claim('r', 'p')).ok).toBe(true)
    await store.callStarted('r', { seq: 1, tool: 'charge', args: { cents: 5 } }, 'p')
    const review = await store.recordPending('r', { seq: 1, tool: 'charge', args: { cents: 5 }, gate: 'review' }, 'p')
    expect(review.decision).toBeUndefined()
    await store.updateRun('r', { status: 'needs-review' })
    expect((await store.pending('r')).map((c) => [c.seq, c.gate])).toEqual([[1, 'review']])
    expect(await store.claim('r', 'p')).toMatchObject({ ok: false, reason: 'undecided' })
  })

  it('turns a started call a policy stopped before it ran into an approval to decide', async () => {
    const store = await h.store()
    await store.createRun({ id: 'r', code: '', holder: 'p' })
    await store.callStarted('r', { seq: 1, tool: 'send', args: { to: 'ada' } }, 'p')
    const parked = await store.recordPending('r', { seq: 1, tool: 'send', args: { to: 'ada' }, gate: 'approval' }, 'p')
    expect(parked).toMatchObject({ state: 'pending', gate: 'approval' })
    await store.updateRun('r', { status: 'paused' })
    expect((await store.pending('r')).map((c) => [c.seq, c.gate])).toEqual([[1, 'approval']])
    await store.callDone('r', 1, { result: 'x' }).then(
      () => expect.unreachable('a pending call cannot be done'),
      (error: unknown) => expect(error).toMatchObject({ code: 'CALL_NOT_STARTED' }),
    )
  })
}
