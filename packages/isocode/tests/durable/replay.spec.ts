// Resume by replay: gated calls under Promise.all pause together, nothing after a
// pause runs, latencies that differ on resume replay the same, time and randomness replay, and a
// program that takes another path fails as replay-divergence naming the call.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let cm: CodeMode
const ran: string[] = []
let delays: Record<string, number> = {}
let counter = 0

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const text = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }

beforeAll(async () => {
  cm = await createCodeMode({
    // why: programs run in the supervised child process, as by default.
    tools: {
      fetch_item: {
        inputSchema: text,
        execute: async ({ id }: { id: string }) => {
          ran.push(`fetch ${id}`)
          await sleep(delays[id] ?? 0)
          return `item ${id}`
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
      tick: {
        inputSchema: { type: 'object' },
        replay: 'reexecute',
        execute: async () => ++counter,
      },
    },
  })
})
afterAll(() => cm.close())
beforeEach(() => {
  ran.length = 0
  delays = {}
})

describe('replay', () => {
  it('two gated calls under Promise.all pause together and both run once approved', async () => {
    const paused = await cm.run(`const [a, b] = await Promise.all([tools.pay({ id: 'a' }), tools.pay({ id: 'b' })])
return [a, b]`)
    expect(paused.status).toBe('paused')
    expect(paused.pending?.map((p) => [p.seq, p.args])).toEqual([
      [1, { id: 'a' }],
      [2, { id: 'b' }],
    ])
    expect(ran).toEqual([])
    const done = await cm.runs.approve(paused.runId as string, [
      { seq: 1, approve: true },
      { seq: 2, approve: false, reason: 'only one' },
    ])
    // why: the denied call rejects its Promise.all; the approved one still ran, exactly once.
    expect(done).toMatchObject({ ok: false, status: 'failed', error: { kind: 'exception' } })
    expect(done.error?.message).toMatch(/DENIED.*only one/)
    expect(ran).toEqual(['pay a'])
  })

  it('a program that catches around the pause and calls another gated tool: nothing after the pause runs', async () => {
    const paused = await cm.run(`let second = 'not reached'
const first = tools.pay({ id: 'one' }).catch(async () => {
  second = await tools.pay({ id: 'two' })
})
await Promise.race([first, new Promise((r) => setTimeout(r, 10))])
await tools.fetch_item({ id: 'after' })
console.log('after the pause')
return second`)
    expect(paused.status).toBe('paused')
    expect(paused.pending?.map((p) => p.tool)).toEqual(['pay'])
    expect(paused.logs).toEqual([])
    expect(ran).toEqual([])
    expect(await cm.runs.pending()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ runId: paused.runId, args: { id: 'two' } })]),
    )
  })

  it('swapped latencies under Promise.all and Promise.race replay the same on resume', async () => {
    delays = { x: 200, y: 0 }
    const program = `const both = await Promise.all([tools.fetch_item({ id: 'x' }), tools.fetch_item({ id: 'y' })])
const first = await Promise.race([tools.fetch_item({ id: 'x' }), tools.fetch_item({ id: 'y' })])
const paid = await tools.pay({ id: first })
return { both, first, paid }`
    const paused = await cm.run(program)
    expect(paused.status).toBe('paused')
    expect(paused.pending).toMatchObject([{ seq: 5, tool: 'pay' }])
    const winner = (paused.pending?.[0]?.args as { id: string } | undefined)?.id ?? ''
    const before = ran.length
    // why: the other call is the fast one now; the replay serves the recorded results by call number.
    delays = { x: 0, y: 200 }
    const done = await cm.runs.approve(paused.runId as string)
    expect(done).toMatchObject({
      ok: true,
      value: { both: ['item x', 'item y'], first: winner, paid: `paid ${winner}` },
    })
    expect(ran.slice(before)).toEqual([`pay ${winner}`])
    // why: replayed calls are not counted again: the logical run made five calls.
    expect(done.usage.toolCalls).toBe(5)
  })

  it('64 Date.now/Math.random pairs and a timer replay the same across a pause', async () => {
    const program = `const pairs = []
for (let i = 0; i < 64; i++) pairs.push([Date.now(), Math.random()])
const fired = await new Promise((resolve) => setTimeout(() => resolve(Date.now()), 300))
const seen = { pairs, fired, at: new Date().toISOString() }
console.log(JSON.stringify(seen))
await tools.pay({ id: 'time' })
return seen`
    const paused = await cm.run(program)
    expect(paused.status).toBe('paused')
    const seen = JSON.parse(paused.logs[0] ?? 'null') as { pairs: number[][]; fired: number }
    expect(seen.pairs).toHaveLength(64)
    const done = await cm.runs.approve(paused.runId as string)
    // why: the resumed run read exactly what the paused one read, the timer's time included.
    expect(done).toMatchObject({ ok: true, value: seen, logs: [JSON.stringify(seen)] })
    // why: a fresh run of the same program reads live values.
    const fresh = await cm.run(program)
    expect(JSON.parse(fresh.logs[0] ?? 'null')).not.toEqual(seen)
  })

  it('records what the paused run read and replays it exactly', async () => {
    const paused = await cm.run(`const seen = [Date.now(), Math.random(), Math.random()]
console.log(JSON.stringify(seen))
await tools.pay({ id: 'r' })
return seen`)
    expect(paused.status).toBe('paused')
    const seen = JSON.parse(paused.logs[0] ?? 'null') as number[]
    const done = await cm.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, value: seen })
  })

  it('a program that diverges on replay fails naming the call, the tool, the path, both values and line:column', async () => {
    const paused = await cm.run(`const n = await tools.tick({})
const item = await tools.fetch_item({ id: 'n' + n })
await tools.pay({ id: item })
return item`)
    expect(paused.status).toBe('paused')
    const before = ran.length
    const done = await cm.runs.approve(paused.runId as string)
    expect(done).toMatchObject({
      ok: false,
      status: 'failed',
      error: { kind: 'replay-divergence', line: 2, column: 26 },
    })
    expect(done.error?.message).toMatch(/call 2 .*tools\.fetch_item .*args\.id = "n\d+", recorded "n\d+"/)
    // why: nothing after the divergence ran: not the fetch, not the approved payment.
    expect(ran.slice(before)).toEqual([])
    expect((await cm.runs.get(paused.runId as string))?.status).toBe('failed')
  })
})
