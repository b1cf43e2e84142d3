// R-111 with RT-71: a resumed durable run hands its runtime the recorded outcomes of its calls
// (what the program gets from each, through the same conversion a live call takes), and each call
// the runtime served itself counts once in the run's toolCalls, without running its tool.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeCallOutcome, CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { DurableStep, ReplayableCall, RunDurability } from '@isocode/registry'
import { Context } from 'cordis'
import { expect, it } from 'vitest'

/** A backend that serves calls 1 to 3 from the request's replay and reports call 1 twice. */
class ServingRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  held: Map<number, CodeCallOutcome> | undefined
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const replay = request.replay
    if (replay === undefined) throw new Error('no replay in the request')
    this.held = new Map(replay.calls.map((c) => [c.call, c.outcome]))
    for (const call of [1, 2, 3, 1, 9]) replay.onServed(call)
    return withUsage({ logs: [], value: 'done', journal: { clock: [], random: [], timers: [] } })
  }
}

const text = (t: string) => [{ type: 'text' as const, text: t }]
const RECORDED: ReplayableCall[] = [
  { seq: 1, tool: 'read', args: { n: 1 }, result: { callId: '', content: text('recorded read'), isError: false } },
  {
    seq: 2,
    tool: 'stat',
    args: {},
    result: { callId: '', content: text('{"size":3}'), structuredContent: { size: 3 }, isError: false },
  },
  {
    seq: 3,
    tool: 'read',
    args: { n: 3 },
    result: { callId: '', content: text('gone'), isError: true, error: { name: 'ToolError', code: 'NOT_FOUND' } },
  },
  // why: a tool this run cannot see is not handed to the runtime.
  { seq: 4, tool: 'hidden', args: {}, result: { callId: '', content: text('x'), isError: false } },
]

class Resumed implements RunDurability {
  readonly journal = { clock: [], random: [], timers: [] }
  private readonly counted = new Set<number>()
  async step(): Promise<DurableStep> {
    return { kind: 'stop' }
  }
  async end() {
    return undefined
  }
  approved(): boolean {
    return false
  }
  replayable(): ReplayableCall[] {
    return RECORDED
  }
  served(seq: number): boolean {
    if (seq > 3 || this.counted.has(seq)) return false
    this.counted.add(seq)
    return true
  }
}

it('hands the runtime what each recorded call gives the program, and counts each served call once', async () => {
  const root = new Context()
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(ServingRuntime)
  const ran: string[] = []
  for (const name of ['read', 'stat'])
    root.tools.register({
      name,
      parameters: { type: 'object' },
      ...(name === 'stat' ? { outputSchema: { type: 'object', properties: { size: { type: 'number' } } } } : {}),
      async execute() {
        ran.push(name)
        return { content: text('live') }
      },
    })
  const result = await root.tools.execute({
    callId: 'run',
    name: 'run_code',
    arguments: { code: '' },
    durable: new Resumed(),
  })
  expect(result.structuredContent).toMatchObject({ value: 'done', usage: { toolCalls: 3 } })
  expect(ran).toEqual([])
  const held = (root.get('codeRuntime') as ServingRuntime).held
  expect([...(held ?? [])]).toEqual([
    [1, { ok: true, value: 'recorded read' }],
    // why: a tool with an output schema resolves to its structured content, as a live call does.
    [2, { ok: true, value: { size: 3 } }],
    [3, { ok: false, message: expect.stringContaining('gone'), code: 'NOT_FOUND' }],
  ])
})
