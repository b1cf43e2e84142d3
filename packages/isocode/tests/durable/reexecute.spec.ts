// a tool marked `replay: 'reexecute'` is run again on replay instead of having its result
// stored: a 2 MiB read before a gated call neither meets the store's 1 MiB cap nor is served from
// the log; the run pauses, and once approved the read runs again and the program completes.
import { createCodeMode } from 'isocode'
import { expect, it } from 'vitest'

it('a 2 MiB reexecute read before a gated call: not stored, run again on resume', async () => {
  const reads: number[] = []
  const paid: string[] = []
  await using cm = await createCodeMode({
    isolation: 'isolate',
    store: 'memory:',
    budgets: { outputBytes: 4 * 1024 * 1024 },
    tools: {
      read_big: {
        inputSchema: { type: 'object' },
        replay: 'reexecute',
        execute: async () => (reads.push(reads.length + 1), 'x'.repeat(2 * 1024 * 1024)),
      },
      pay: {
        inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        needsApproval: true,
        execute: async ({ n }: { n: number }) => (paid.push(String(n)), `paid ${n}`),
      },
    },
  })
  const paused = await cm.run(`const big = await tools.read_big({})
return [big.length, await tools.pay({ n: big.length })]`)
  expect(paused).toMatchObject({ status: 'paused', pending: [{ seq: 2, tool: 'pay', args: { n: 2097152 } }] })
  expect(reads).toEqual([1])
  const done = await cm.runs.approve(paused.runId as string)
  expect(done).toMatchObject({ ok: true, status: 'completed', value: [2097152, 'paid 2097152'] })
  // why: the read ran again on the replay (its result was never stored); the payment ran once.
  expect(reads).toEqual([1, 2])
  expect(paid).toEqual(['2097152'])
}, 60_000)
