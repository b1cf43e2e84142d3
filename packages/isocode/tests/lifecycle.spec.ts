// close() is idempotent, run() after it is a clear error, `await using` closes, and the default
// process isolation runs a program in a supervised child that is gone after close.
import { createCodeMode, IsocodeError } from 'isocode'
import type { CodeMode } from 'isocode'
import { describe, expect, it } from 'vitest'
import { childPids, until } from './helpers.ts'

const tools = {
  twice: {
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    execute: async ({ n }: { n: number }) => n * 2,
  },
}

describe('lifecycle', () => {
  it('process isolation (the default): runs in a child process, which close() ends; close twice is fine; run after close rejects', async () => {
    const before = childPids()
    const cm = await createCodeMode({ tools })
    expect(childPids().filter((pid) => !before.includes(pid)).length).toBeGreaterThan(0)
    expect(await cm.run('return await tools.twice({ n: 21 })')).toMatchObject({ ok: true, value: 42 })
    await cm.close()
    await cm.close()
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
    await expect(cm.run('return 1')).rejects.toThrow(
      new IsocodeError('run_code: this Code Mode is closed; call createCodeMode again for a new one', 'CLOSED'),
    )
    await expect(cm.tool.execute({ code: 'return 1' })).rejects.toMatchObject({ code: 'CLOSED' })
  })

  it('await using closes the Code Mode at the end of the block', async () => {
    let outer: CodeMode | undefined
    {
      await using cm = await createCodeMode({ isolation: 'isolate', tools })
      outer = cm
      expect(await cm.run('return await tools.twice({ n: 2 })')).toMatchObject({ value: 4 })
    }
    await expect(outer.run('return 1')).rejects.toMatchObject({ code: 'CLOSED' })
    // why: closing unregisters the tools; the SDK text a caller kept showing still names them.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(outer.sdk).toContain('twice')
    expect(outer.tool.description).toContain('twice')
  })

  it('close() during a run ends that run as a value (kind abort), not a rejection', async () => {
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const cm = await createCodeMode({
      isolation: 'isolate',
      tools: { ...tools, started: { inputSchema: { type: 'object' }, execute: () => started() } },
    })
    const pending = cm.run('await tools.started({})\nawait new Promise((resolve) => setTimeout(resolve, 60_000))')
    // why: close only once the program is surely running (it called tools.started).
    await running
    await cm.close()
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'abort' } })
  })
})
