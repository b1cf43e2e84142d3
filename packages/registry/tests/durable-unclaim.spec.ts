// An execution that throws instead of ending its program (a refused run slot, no runtime) gives the
// run back: a resumed run waits again, decided, and the next resume runs it; a new run ends
// failed. Neither is left `running` under a claim nobody renews.
import { DurableRuns, runOutcome } from '@isocode/registry/internal'
import type { DurableToolFacts, ExecuteDurable } from '@isocode/registry/internal'
import { openRunStore } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const send: DurableToolFacts = {
  needsApproval: true,
  idempotent: false,
  destructive: false,
  replay: 'record',
  revert: undefined,
  check: async () => [],
  hash: 'send-v1',
}
const facts = { get: (name: string) => (name === 'send' ? send : undefined) }

const refused: ExecuteDurable = async () => {
  throw new Error('isocode is busy for this session')
}
const completes: ExecuteDurable = async (_recorder, runId) =>
  runOutcome({ callId: 'c', content: [{ type: 'text', text: '"sent"' }], isError: false }, runId)

let store: RunStore
beforeEach(async () => void (store = await openRunStore('memory:')))
afterEach(async () => store.close())

/** A run of the store's, paused at one gated call to `send` (as a recorder leaves it). */
async function pausedRun(): Promise<string> {
  const run = await store.createRun({ code: 'return await tools.send({ to: "ada" })', holder: 'first' })
  await store.recordPending(
    run.id,
    { seq: 1, tool: 'send', args: { to: 'ada' }, toolHash: 'send-v1', gate: 'approval' },
    'first',
  )
  await store.updateRun(run.id, { expect: { holder: 'first' }, status: 'paused' })
  return run.id
}

describe('an execution that throws gives its run back', () => {
  it('a resume refused before the program ran leaves the run paused and decided; the next resume runs it', async () => {
    const runId = await pausedRun()
    let next = refused
    const runs = new DurableRuns(store, facts, new Map(), () => (recorder, id) => next(recorder, id))
    await expect(runs.api().approve(runId)).rejects.toThrow('isocode is busy for this session')
    const after = await store.getRun(runId)
    expect(after?.status).toBe('paused')
    expect((await store.listCalls(runId))[0]?.decision?.approve).toBe(true)
    next = completes
    const outcome = await runs.api().resume(runId)
    expect(outcome).toMatchObject({ ok: true, status: 'completed', runId })
    expect((await store.getRun(runId))?.status).toBe('completed')
  })

  it('a new run whose execution throws ends failed, with the message', async () => {
    const runs = new DurableRuns(store, facts, new Map(), () => refused)
    await expect(runs.start('return 1', refused)).rejects.toThrow('isocode is busy')
    const [run] = await store.listRuns()
    expect(run?.status).toBe('failed')
    expect(run?.result).toMatchObject({ ok: false, error: { message: 'isocode is busy for this session' } })
  })
})
