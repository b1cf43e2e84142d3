// A replayed call of a durable run resolves to its recorded result without running the
// tool, is not reported as a live event again, and still counts once in the run's toolCalls.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { DurableCall, DurableStep, RunDurability, RunEvent } from '@isocode/registry'
import { Context } from 'cordis'
import { expect, it } from 'vitest'

/** A backend that makes two journaled calls in order and returns what they gave. */
class TwoCallRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const read = request.bindings[0]?.functions.read as CodeBinding
    const first = await read({ n: 1 }, { call: 1 })
    const second = await read({ n: 2 }, { call: 2 })
    return withUsage({ logs: [], value: [first, second], journal: { clock: [], random: [], timers: [] } })
  }
}

class ReplayFirst implements RunDurability {
  readonly journal = { clock: [], random: [], timers: [] }
  async step(call: DurableCall): Promise<DurableStep> {
    if (call.seq === 1)
      return {
        kind: 'replay',
        result: { callId: call.callId, content: [{ type: 'text', text: 'recorded' }], isError: false },
      }
    return { kind: 'run', args: call.args, done: async () => true }
  }
  async end() {
    return undefined
  }
  approved(): boolean {
    return false
  }
}

it('a replayed call is served from the record, reported once, and counted once', async () => {
  const root = new Context()
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(TwoCallRuntime)
  const ran: unknown[] = []
  root.tools.register({
    name: 'read',
    parameters: { type: 'object' },
    async execute(args) {
      ran.push(args)
      return { content: [{ type: 'text', text: 'live' }] }
    },
  })
  const events: RunEvent[] = []
  const result = await root.tools.execute({
    callId: 'run',
    name: 'run_code',
    arguments: { code: '' },
    durable: new ReplayFirst(),
    onRunEvent: (event) => events.push(event),
  })
  expect(result.structuredContent).toMatchObject({ value: ['recorded', 'live'], usage: { toolCalls: 2 } })
  expect(ran).toEqual([{ n: 2 }])
  const calls = events.filter((e) => e.type === 'call-started' || e.type === 'call-finished')
  expect(calls.map((e) => [e.type, (e as { call: number }).call])).toEqual([
    ['call-started', 2],
    ['call-finished', 2],
  ])
})
