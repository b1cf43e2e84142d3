// When runs are recorded: only when a store was given or a tool can pause. With neither,
// nothing is written anywhere, results carry no runId and `cm.runs` knows no run.
import { createCodeMode } from 'isocode'
import type { ToolCallOptions } from 'isocode'
import { openRunStore } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { describe, expect, it } from 'vitest'

const echo = (seen: ToolCallOptions[]) => ({
  inputSchema: { type: 'object' },
  execute: async (_args: unknown, options: ToolCallOptions) => {
    seen.push(options)
    return 'echoed'
  },
})

/** A memory store that counts the calls made of it, by method name. */
async function countingStore(): Promise<{ store: RunStore; calls: Map<string, number> }> {
  const inner = await openRunStore('memory:')
  const calls = new Map<string, number>()
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver)
      if (typeof value !== 'function' || typeof name !== 'string') return value
      return (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { store, calls }
}

describe('runs are recorded only when a store was given or a tool can pause', () => {
  it('no store and no gated tool: no runId, no idempotencyKey, cm.runs knows no run', async () => {
    const seen: ToolCallOptions[] = []
    await using cm = await createCodeMode({ isolation: 'isolate', tools: { echo: echo(seen) } })
    const done = await cm.run('return await tools.echo({})')
    expect(done).toMatchObject({ ok: true, status: 'completed', value: 'echoed' })
    expect(done).not.toHaveProperty('runId')
    const failed = await cm.run('await tools.echo({}); throw new Error("boom")')
    expect(failed).toMatchObject({ ok: false, status: 'failed', error: { kind: 'exception' } })
    expect(failed).not.toHaveProperty('runId')
    expect(seen).toHaveLength(2)
    expect(seen.map((o) => o.idempotencyKey)).toEqual([undefined, undefined])
    expect(await cm.runs.list()).toEqual([])
    expect(await cm.runs.pending()).toEqual([])
    await expect(cm.runs.approve('no-such-run')).rejects.toMatchObject({ code: 'RUN_NOT_FOUND' })
  })

  it('a store object given: every run and call is written to it, with a runId and keys', async () => {
    const seen: ToolCallOptions[] = []
    const { store, calls } = await countingStore()
    await using cm = await createCodeMode({ isolation: 'isolate', store, tools: { echo: echo(seen) } })
    const done = await cm.run('await tools.echo({}); return await tools.echo({})')
    expect(done).toMatchObject({ ok: true, status: 'completed', runId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(calls.get('createRun')).toBe(1)
    expect(calls.get('callStarted')).toBe(2)
    expect(calls.get('callDone')).toBe(2)
    expect(seen.map((o) => o.idempotencyKey)).toEqual([`${done.runId}:1`, `${done.runId}:2`])
    expect((await cm.runs.get(done.runId as string))?.status).toBe('completed')
  })

  it('no store but a tool that may pause (a function gate): runs are recorded in memory', async () => {
    await using cm = await createCodeMode({
      isolation: 'isolate',
      tools: { echo: { ...echo([]), needsApproval: () => false } },
    })
    const done = await cm.run('return await tools.echo({})')
    expect(done).toMatchObject({ ok: true, status: 'completed', runId: expect.any(String) })
    expect((await cm.runs.list()).map((run) => [run.runId, run.status])).toEqual([[done.runId, 'completed']])
  })
})
