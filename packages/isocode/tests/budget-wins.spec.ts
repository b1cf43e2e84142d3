// The wall budget wins over a tool that never settles or settles late (R-63, RT-24), on both
// isolations, and close() settles every run it had. Verdicts are kinds, signals and the absence of
// the late value, never elapsed times.
import { createCodeMode } from 'isocode'
import type { CodeModeResult } from 'isocode'
import { describe, expect, it } from 'vitest'

interface Seen {
  signals: AbortSignal[]
  started: Promise<void>
}

function neverTool(watch: Seen & { start: () => void }) {
  return {
    description: 'Never answers.',
    inputSchema: { type: 'object' },
    execute: (_args: unknown, options: { signal: AbortSignal }) => {
      watch.signals.push(options.signal)
      watch.start()
      return new Promise(() => undefined)
    },
  }
}

function probe(): Seen & { start: () => void } {
  let start!: () => void
  const started = new Promise<void>((resolve) => (start = resolve))
  return { signals: [], started, start }
}

describe.each(['isolate', 'process'] as const)('isolation %s', (isolation) => {
  it('a tool that never settles: the run ends as timeout at the wall budget and the tool is told to stop', async () => {
    const tool = probe()
    const cm = await createCodeMode({
      isolation,
      concurrency: 1,
      tools: { never: neverTool(tool) },
      budgets: { wallMs: 1000, cpuMs: 500 },
    })
    try {
      const result = await cm.run('return await tools.never({})')
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } })
      expect(result.error?.message).toContain('while waiting on tools.never')
      expect(tool.signals.map((signal) => signal.aborted)).toEqual([true])
    } finally {
      await cm.close()
    }
  })

  it('a tool that ignores its signal and answers after the budget: its value never reaches the program or the result', async () => {
    const signals: AbortSignal[] = []
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const cm = await createCodeMode({
      isolation,
      concurrency: 1,
      tools: {
        late: {
          inputSchema: { type: 'object' },
          execute: async (_args: unknown, options: { signal: AbortSignal }) => {
            signals.push(options.signal)
            await released
            return 'LATE VALUE'
          },
        },
      },
      budgets: { wallMs: 1000, cpuMs: 500 },
    })
    try {
      const result = await cm.run('const v = await tools.late({})\nconsole.log(v)\nreturn v')
      release()
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } })
      expect(JSON.stringify(result)).not.toContain('LATE VALUE')
      expect(signals[0]?.aborted).toBe(true)
    } finally {
      await cm.close()
    }
  })

  it('close() with a run waiting on a tool that never settles ends that run as abort before it returns', async () => {
    const tool = probe()
    const cm = await createCodeMode({ isolation, concurrency: 1, tools: { never: neverTool(tool) } })
    let settled: CodeModeResult | undefined
    const pending = cm.run('return await tools.never({})').then((result) => (settled = result))
    await tool.started
    await cm.close()
    expect(settled).toMatchObject({ ok: false, error: { kind: 'abort' } })
    expect(await pending).toBe(settled)
    expect(tool.signals[0]?.aborted).toBe(true)
  })
})
