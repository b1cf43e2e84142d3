// An `ask` decision in a durable run (rule R-114): with no live approver the sub-call is parked
// (APPROVAL_REQUIRED reaches the run's durable side, the tool never runs, the program's call never
// settles); a live answer still wins; a call the store approved runs without asking again.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunRequest, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import { ApprovalService } from '@isocode/harness'
import type { ApprovalOutcome } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { DurableCall, DurableStep, PreToolDecision, RunDurability, ToolExecutionResult } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

/** A backend that makes one journaled call (call number 1) and reports whether it settled. */
class OneCallRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    const send = request.bindings[0]?.functions.send as CodeBinding
    const outcome = await Promise.race([
      send({ to: 'ada' }, { call: 1, line: 1, column: 13 }).then(
        (value) => `settled ${JSON.stringify(value)}`,
        (error: Error) => `rejected ${error.message}`,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ])
    return withUsage({ logs: [outcome], journal: { clock: [], random: [], timers: [] } })
  }
}

/** The durable side as a store-backed one behaves toward the registry, kept in memory. */
class Durable implements RunDurability {
  readonly journal = {}
  readonly outcomes: ToolExecutionResult[] = []
  readonly calls: DurableCall[] = []
  constructor(private readonly approvedIds: ReadonlySet<string> = new Set()) {}
  async step(call: DurableCall): Promise<DurableStep> {
    this.calls.push(call)
    return {
      kind: 'run',
      args: call.args,
      done: async (result) => {
        this.outcomes.push(result)
        return result.error?.code !== 'APPROVAL_REQUIRED'
      },
    }
  }
  async end() {
    return undefined
  }
  approved(callId: string): boolean {
    return this.approvedIds.has(callId)
  }
}

async function boot(answer?: ApprovalOutcome) {
  const root = new Context()
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(OneCallRuntime)
  if (answer !== undefined) {
    class Live extends ApprovalService {
      async request(): Promise<ApprovalOutcome> {
        return answer as ApprovalOutcome
      }
    }
    await root.plugin(Live)
  }
  const ran: JsonValue[] = []
  root.tools.register({
    name: 'send',
    parameters: { type: 'object' },
    async execute(args) {
      ran.push(args as JsonValue)
      return { content: [{ type: 'text', text: 'sent' }] }
    },
  })
  root.on('tools/pre-execute', async (exec): Promise<PreToolDecision> =>
    exec.name === 'send' ? { kind: 'ask', reason: 'sends mail' } : { kind: 'allow' },
  )
  const run = async (durable?: Durable, agent = false) => {
    const result = await root.tools.execute({
      callId: 'run',
      name: 'run_code',
      arguments: { code: 'await tools.send({ to: "ada" })' },
      ...(durable === undefined ? {} : { durable }),
      ...(agent ? { agent: { kind: 'session', id: 's' } as never } : {}),
    })
    return (result.structuredContent as { logs: string[] }).logs
  }
  return { ran, run }
}

describe('an ask decision in a durable run', () => {
  it('with no live approver parks the call: APPROVAL_REQUIRED, the tool never runs, the call never settles', async () => {
    const { ran, run } = await boot()
    const durable = new Durable()
    expect(await run(durable)).toEqual(['still waiting'])
    expect(ran).toEqual([])
    expect(durable.outcomes.map((r) => r.error?.code)).toEqual(['APPROVAL_REQUIRED'])
    expect(durable.calls).toMatchObject([{ seq: 1, tool: 'send', args: { to: 'ada' }, line: 1, column: 13 }])
  })

  it('without a durable run it is denied as before', async () => {
    const { ran, run } = await boot()
    const [line] = await run()
    expect(line).toMatch(/^rejected .*DENIED/)
    expect(ran).toEqual([])
  })

  it('a call the store approved runs without asking again', async () => {
    const { ran, run } = await boot()
    const durable = new Durable(new Set(['run:code:1']))
    expect(await run(durable)).toEqual(['settled "sent"'])
    expect(ran).toEqual([{ to: 'ada' }])
  })

  it('a live answer still wins: a rejection is DENIED, not parked', async () => {
    const { ran, run } = await boot('rejected')
    const durable = new Durable()
    const [line] = await run(durable, true)
    expect(line).toMatch(/^rejected .*DENIED/)
    expect(durable.outcomes.map((r) => r.error?.code)).toEqual(['DENIED'])
    expect(ran).toEqual([])
  })
})
