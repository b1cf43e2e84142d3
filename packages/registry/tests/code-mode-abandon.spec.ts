// The run's end wins over a sub-call that does not settle (rule R-63 in docs/registry-contract.md,
// RT-24 on the runtime side): a scripted backend calls a tool and then ends the run as a budget
// does, without waiting for the call, as every real backend does.
import type { SessionEvent } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { RunEvent, ToolExecutionResult } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { Events, type Script, ScriptRuntime } from './script-runtime.ts'

// why: what a backend does at the wall budget while the program awaits a call: the call is left
// pending and the run ends as timeout (RT-24); the late settlement is dropped by the backend.
const callThenTimeout =
  (name: string): Script =>
  async (tools) => {
    void tools[name]?.({}).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 20))
    return { logs: [], error: { kind: 'timeout', message: 'wall-clock budget of 20 ms exceeded' } }
  }

async function boot(script: Script) {
  const root = new Context()
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(ScriptRuntime, { script })
  await root.plugin(Events)
  const seen: { signals: AbortSignal[]; late: (() => void)[] } = { signals: [], late: [] }
  root.tools.register({
    name: 'never',
    parameters: { type: 'object' },
    execute: (_args, exec) => {
      if (exec.signal !== undefined) seen.signals.push(exec.signal)
      return new Promise(() => undefined)
    },
  })
  root.tools.register({
    name: 'late',
    parameters: { type: 'object' },
    // why: ignores its signal; settles only when the test releases it, long after the run ended.
    execute: (_args, exec) =>
      new Promise((resolve) => {
        if (exec.signal !== undefined) seen.signals.push(exec.signal)
        seen.late.push(() => resolve([{ type: 'text', text: 'LATE VALUE' }]))
      }),
  })
  root.tools.register({
    name: 'polite',
    parameters: { type: 'object' },
    execute: (_args, exec) =>
      new Promise((_resolve, reject) =>
        exec.signal?.addEventListener('abort', () => reject(new Error('stopped on its signal'))),
      ),
  })
  const events = (root.get('session') as Events).events
  const runEvents: RunEvent[] = []
  const run = (): Promise<ToolExecutionResult> =>
    root.tools.execute({
      callId: 'c1',
      name: 'run_code',
      arguments: { code: '…', description: 'd' },
      onRunEvent: (event) => void runEvents.push(event),
    })
  return { seen, events, runEvents, run }
}

const dispatches = (events: SessionEvent[]) => events.filter((event) => event.type === 'tool/code-dispatch')

describe('a sub-call still in flight when the run ends (R-63)', () => {
  it('a tool that never settles: run_code returns the timeout, the signal fired, the call is logged as abandoned', async () => {
    const { seen, events, runEvents, run } = await boot(callThenTimeout('never'))
    const result = await run()
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ error: { kind: 'timeout' } })
    expect(seen.signals).toHaveLength(1)
    expect(seen.signals[0]?.aborted).toBe(true)
    expect(dispatches(events)).toEqual([
      expect.objectContaining({
        callId: 'c1:code:1',
        name: 'never',
        isError: true,
        error: { name: 'RegistryError', code: 'ABORTED' },
        content: expect.stringMatching(/^tools\.never was abandoned: .*\(timeout\); its late result is dropped$/),
      }),
    ])
    // why: the dispatch event lands before the run's own event, inside the open turn.
    expect(events.map((event) => event.type)).toEqual(['tool/code-dispatch', 'tool/code-run'])
    expect(runEvents.map((event) => event.type)).toEqual([
      'run-started',
      'call-started',
      'call-finished',
      'run-finished',
    ])
    expect(runEvents[2]).toMatchObject({ ok: false, code: 'ABORTED' })
  })

  it('a tool that ignores its signal and settles later: its value is dropped, never in the result or the log', async () => {
    const { seen, events, run } = await boot(callThenTimeout('late'))
    const result = await run()
    expect(seen.signals[0]?.aborted).toBe(true)
    for (const release of seen.late) release()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(JSON.stringify(result)).not.toContain('LATE VALUE')
    expect(JSON.stringify(events)).not.toContain('LATE VALUE')
    expect(dispatches(events)).toHaveLength(1)
    expect(dispatches(events)[0]).toMatchObject({ isError: true, error: { code: 'ABORTED' } })
  })

  it('a tool that honours its signal is logged with its own outcome, not as abandoned', async () => {
    const { events, run } = await boot(callThenTimeout('polite'))
    const result = await run()
    expect(result.structuredContent).toMatchObject({ error: { kind: 'timeout' } })
    expect(dispatches(events)).toEqual([
      expect.objectContaining({ name: 'polite', isError: true, content: 'stopped on its signal' }),
    ])
  })
})
