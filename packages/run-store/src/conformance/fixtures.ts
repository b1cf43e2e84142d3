import type { RunStore } from '../run-store.ts'
import type { RunRecord } from '../types.ts'

/** A run that reached `gated` approval-gated calls after `done` finished calls, and paused. */
export async function pausedRun(
  store: RunStore,
  { id = 'run-1', done = 1, gated = 1 }: { id?: string; done?: number; gated?: number } = {},
): Promise<RunRecord> {
  await store.createRun({ id, code: 'await tools.send({ to: "a" })', options: { scope: 's' }, holder: 'h0' })
  for (let seq = 1; seq <= done; seq++) {
    await store.callStarted(id, { seq, tool: 'read', args: { n: seq }, toolHash: 'hash-read' })
    await store.callDone(id, seq, { result: { ok: seq } })
  }
  for (let seq = done + 1; seq <= done + gated; seq++) {
    await store.recordPending(id, {
      seq,
      tool: 'send',
      args: { to: `u${seq}` },
      toolHash: 'hash-send',
      position: { line: seq, column: 7 },
      gate: 'approval',
    })
  }
  const paused = await store.updateRun(id, { expect: { status: ['running'], holder: 'h0' }, status: 'paused' })
  if (!paused.ok) throw new Error(`conformance fixture: pausing ${id} failed (${paused.reason})`)
  return paused.run
}

/** A finished run (status `completed`) created at the harness clock's current time. */
export async function finishedRun(store: RunStore, id: string): Promise<void> {
  await store.createRun({ id, code: 'return 1', holder: 'h' })
  const done = await store.updateRun(id, { status: 'completed', result: { value: id } })
  if (!done.ok) throw new Error(`conformance fixture: finishing ${id} failed (${done.reason})`)
}
