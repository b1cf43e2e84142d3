// createCodeMode's `concurrency`: that many programs run at once, the next ones wait in arrival
// order up to 16 times that many, and one more is a `busy` result at once. Counted with a gate the
// test opens, never timed.
import { createCodeMode, IsocodeError } from 'isocode'
import type { CodeModeResult } from 'isocode'
import { describe, expect, it } from 'vitest'
import { QUEUE_PER_SLOT } from '../src/run-slots.ts'
import { until } from './helpers.ts'

/** A tool every run calls once: it counts the calls in flight and waits until the test opens the gate. */
function gatedTool() {
  const state = { inFlight: 0, max: 0, entered: 0, opened: [] as (() => void)[] }
  const tool = {
    inputSchema: { type: 'object' },
    execute: async () => {
      state.entered += 1
      state.inFlight += 1
      state.max = Math.max(state.max, state.inFlight)
      await new Promise<void>((resolve) => state.opened.push(resolve))
      state.inFlight -= 1
      return 'done'
    },
  }
  const openOne = (): void => state.opened.shift()?.()
  return { state, tool, openOne }
}

describe('concurrency', () => {
  it('runs N programs at once; run N+1 waits for a slot and starts when one ends', async () => {
    const { state, tool, openOne } = gatedTool()
    const cm = await createCodeMode({ isolation: 'isolate', concurrency: 3, tools: { gate: tool } })
    try {
      const runs = Array.from({ length: 4 }, () => cm.run('return await tools.gate({})'))
      expect(await until(() => state.inFlight === 3)).toBe(true)
      // why: a generous look for a fourth entry; it can only pass wrongly, never fail wrongly.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(state.entered).toBe(3)
      openOne()
      expect(await until(() => state.entered === 4)).toBe(true)
      while (state.opened.length > 0 || state.entered < 4) {
        openOne()
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const results = await Promise.all(runs)
      expect(results.map((r) => r.value)).toEqual(['done', 'done', 'done', 'done'])
      expect(state.max).toBe(3)
    } finally {
      await cm.close()
    }
  })

  it('past the queue bound a run ends at once as kind busy naming the option; the queued ones still run', async () => {
    const { state, tool, openOne } = gatedTool()
    const cm = await createCodeMode({ isolation: 'isolate', concurrency: 1, tools: { gate: tool } })
    try {
      const admitted = Array.from({ length: 1 + QUEUE_PER_SLOT }, () => cm.run('return await tools.gate({})'))
      expect(await until(() => state.inFlight === 1)).toBe(true)
      const refused = await cm.run('return await tools.gate({})')
      expect(refused).toMatchObject({ ok: false, error: { kind: 'busy' }, usage: { toolCalls: 0 } })
      expect(refused.error?.message).toBe(
        `isocode is busy: 1 program is running and ${QUEUE_PER_SLOT} waiting (createCodeMode's concurrency option sets how many run at once; ${QUEUE_PER_SLOT} times that may wait); retry later`,
      )
      let settled = 0
      for (const run of admitted) void run.then(() => settled++)
      while (settled < admitted.length) {
        openOne()
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const results = await Promise.all(admitted)
      expect(results.every((r) => r.ok && r.value === 'done')).toBe(true)
      expect(state.max).toBe(1)
    } finally {
      await cm.close()
    }
  })

  it('close() ends the queued runs as abort without starting them, and the running one as abort', async () => {
    const { state, tool } = gatedTool()
    const cm = await createCodeMode({ isolation: 'isolate', concurrency: 1, tools: { gate: tool } })
    const runs: Promise<CodeModeResult>[] = [1, 2, 3].map(() => cm.run('return await tools.gate({})'))
    expect(await until(() => state.inFlight === 1)).toBe(true)
    await cm.close()
    const results = await Promise.all(runs)
    expect(results.map((r) => r.error?.kind)).toEqual(['abort', 'abort', 'abort'])
    expect(state.entered).toBe(1)
  })

  it.each([0, -1, 1.5, '4', 65, null])('concurrency %j is refused naming the field', async (bad) => {
    const options = { concurrency: bad } as unknown as Parameters<typeof createCodeMode>[0]
    const error = await createCodeMode(options).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(IsocodeError)
    expect(error).toMatchObject({
      code: 'INVALID_OPTION',
      message: `createCodeMode: concurrency must be a whole number of runs at once from 1 to 64 (default 4); got ${JSON.stringify(bad)}`,
    })
  })
})
