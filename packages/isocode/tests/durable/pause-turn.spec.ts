// the gated calls of one program turn pause together, decided when the turn ended (RT-64)
// and no call is in flight, never by a quiet window: synchronous work between two gated calls of
// one Promise.all, or a slow ungated call beside a gated one, cannot change what pauses.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let cm: CodeMode
const ran: string[] = []
// why: the slow call finishes only when the test lets it: a gate, not a sleep.
let release: () => void = () => undefined
let slowStarted: () => void = () => undefined
const text = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }

beforeAll(async () => {
  cm = await createCodeMode({
    tools: {
      slow: {
        inputSchema: text,
        execute: async ({ id }: { id: string }) => {
          ran.push(`slow ${id}`)
          slowStarted()
          await new Promise<void>((resolve) => (release = resolve))
          return `slow ${id} done`
        },
      },
      pay: {
        inputSchema: text,
        needsApproval: true,
        execute: async ({ id }: { id: string }) => {
          ran.push(`pay ${id}`)
          return `paid ${id}`
        },
      },
    },
  })
  // why: starting the supervised runtime is slow on a loaded machine; the hook only guards a hang.
}, 60_000)
afterAll(() => cm.close())
beforeEach(() => {
  ran.length = 0
})

describe('a pause waits for the end of the program turn', () => {
  it('two gated calls of one Promise.all with synchronous work between them pause together', async () => {
    const paused = await cm.run(`let spin = 0
const [a, b] = await Promise.all([
  tools.pay({ id: 'a' }),
  (() => { for (let i = 0; i < 3e6; i++) spin += i % 7; return tools.pay({ id: 'b' }) })(),
])
return [a, b, spin > 0]`)
    expect(paused.status).toBe('paused')
    expect(paused.pending?.map((p) => [p.seq, p.tool, p.args])).toEqual([
      [1, 'pay', { id: 'a' }],
      [2, 'pay', { id: 'b' }],
    ])
    expect(ran).toEqual([])
    const done = await cm.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, value: ['paid a', 'paid b', true] })
    expect(ran).toEqual(['pay a', 'pay b'])
  })

  it('a gated call beside a slow ungated one: the run ends once the slow call is recorded', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve))
    const pausing = cm.run(`const [s, p] = await Promise.all([tools.slow({ id: 'x' }), tools.pay({ id: 'y' })])
return [s, p]`)
    await started
    // why: the run is still open while the slow call is in flight; it ends once that call is done.
    release()
    const paused = await pausing
    expect(paused.status).toBe('paused')
    expect(paused.pending?.map((p) => [p.seq, p.tool])).toEqual([[2, 'pay']])
    expect(ran).toEqual(['slow x'])
    const done = await cm.runs.approve(paused.runId as string)
    // why: the slow call was recorded before the run ended, so the resume serves it from the log.
    expect(done).toMatchObject({ ok: true, value: ['slow x done', 'paid y'] })
    expect(ran).toEqual(['slow x', 'pay y'])
  })

  it('a gated call after a slow ungated one pauses at its own turn', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve))
    const pausing = cm.run(`const s = await tools.slow({ id: 'first' })
return [s, await tools.pay({ id: 'then' })]`)
    await started
    release()
    const paused = await pausing
    expect(paused.pending?.map((p) => [p.seq, p.tool])).toEqual([[2, 'pay']])
    const done = await cm.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, value: ['slow first done', 'paid then'] })
    expect(ran).toEqual(['slow first', 'pay then'])
  })
})
