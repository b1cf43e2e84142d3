// a resumed durable run reports the logical run once. Calls served from the log get no
// event and no span; a recorded call run again carries `replayed: true` (event) and
// `isocode.tool.replayed` (span); console lines an earlier execution reported are not sent again;
// the run span counts the logical run's calls and says how many were replayed; the tool-call
// budget counts each logical call once. Spans come from the real OpenTelemetry SDK.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { DurableCall, DurableStep, RunDurability, RunEvent } from '@isocode/registry'
import { Context } from 'cordis'
import { afterAll, expect, it } from 'vitest'
import { installTracing, oneSpan, spansNamed } from './tracing-helpers.ts'

const tracing = installTracing()
afterAll(() => tracing.uninstall())

/** A backend that prints, makes three journaled calls in order, prints again, and returns them. */
class ThreeCallRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const read = request.bindings[0]?.functions.read as CodeBinding
    request.onConsole?.('before')
    const values = [await read({ n: 1 }, { call: 1 }), await read({ n: 2 }, { call: 2 })]
    request.onConsole?.('middle')
    values.push(await read({ n: 3 }, { call: 3 }))
    request.onConsole?.('after')
    return withUsage({
      logs: ['before', 'middle', 'after'],
      value: values,
      journal: { clock: [], random: [], timers: [] },
    })
  }
}

/** The resume of a run whose earlier execution printed two lines: call 1 recorded, call 2 run again, call 3 new. */
class Resume implements RunDurability {
  readonly journal = { clock: [], random: [], timers: [] }
  readonly reportedLines = 2
  async step(call: DurableCall): Promise<DurableStep> {
    if (call.seq === 1)
      return {
        kind: 'replay',
        result: { callId: call.callId, content: [{ type: 'text', text: 'recorded' }], isError: false },
      }
    return { kind: 'run', args: call.args, done: async () => true, ...(call.seq === 2 ? { replayed: true } : {}) }
  }
  async end() {
    return undefined
  }
  approved(): boolean {
    return false
  }
}

it('reports a resumed run once: no event or span for served calls, replayed marks, no repeated lines', async () => {
  const root = new Context()
  // why: three logical calls fit a budget of three: a replayed call is not counted twice.
  await root.plugin(ToolRegistry, { mode: 'code', maxToolCalls: 3 })
  await root.plugin(ThreeCallRuntime)
  const ran: unknown[] = []
  root.tools.register({
    name: 'read',
    parameters: { type: 'object' },
    async execute(args) {
      ran.push(args)
      return { content: [{ type: 'text', text: `live ${String(args.n)}` }] }
    },
  })
  const events: RunEvent[] = []
  const result = await root.tools.execute({
    callId: 'run',
    name: 'run_code',
    arguments: { code: '' },
    durable: new Resume(),
    onRunEvent: (event) => events.push(event),
  })
  expect(result.isError).toBe(false)
  expect(result.structuredContent).toMatchObject({ value: ['recorded', 'live 2', 'live 3'], usage: { toolCalls: 3 } })
  expect(ran).toEqual([{ n: 2 }, { n: 3 }])

  expect(events.filter((e) => e.type === 'console').map((e) => (e as { line: string }).line)).toEqual(['after'])
  const calls = events.filter((e) => e.type === 'call-started' || e.type === 'call-finished')
  expect(calls.map((e) => [e.type, (e as { call: number }).call, (e as { replayed?: true }).replayed])).toEqual([
    ['call-started', 2, true],
    ['call-finished', 2, true],
    ['call-started', 3, undefined],
    ['call-finished', 3, undefined],
  ])
  expect(events.at(-1)).toMatchObject({ type: 'run-finished', outcome: 'ok', calls: 3 })

  const spans = tracing.exporter.getFinishedSpans()
  const tools = spansNamed(spans, 'isocode.tool read')
  expect(tools.map((s) => s.attributes['isocode.tool.replayed'])).toEqual([true, undefined])
  expect(oneSpan(spans, 'isocode.run').attributes).toMatchObject({
    'isocode.run.tool_calls': 3,
    'isocode.run.replayed_calls': 2,
  })
})
