// A definition's `needsApproval` outside recorded runs (rule R-149): a gated call is asked like an
// `ask` decision — denied when no one can answer, run on a live `allowed-once` — a policy that
// already asked is not asked again, and a malformed gate is refused at registration.
import { ApprovalService, createAgentScope } from '@isocode/harness'
import type { ApprovalOutcome } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { JsonObject, PreToolDecision } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

async function boot(answer?: ApprovalOutcome) {
  const root = new Context()
  await root.plugin(ToolRegistry)
  const asked: string[] = []
  if (answer !== undefined) {
    class Live extends ApprovalService {
      async request(execution: { name: string }, reason: string | undefined): Promise<ApprovalOutcome> {
        asked.push(`${execution.name}: ${reason ?? ''}`)
        return answer as ApprovalOutcome
      }
    }
    await root.plugin(Live)
  }
  const ran: JsonObject[] = []
  root.tools.register({
    name: 'send',
    parameters: { type: 'object', properties: { to: { type: 'string' } } },
    needsApproval: (args) => args.to !== 'me',
    async execute(args) {
      ran.push(args)
      return [{ type: 'text', text: 'sent' }]
    },
  })
  const agent = createAgentScope(root)
  const call = (to: string, withAgent = true) =>
    root.tools.execute({
      callId: `c-${to}`,
      name: 'send',
      arguments: { to },
      ...(withAgent ? { agent: agent.key } : {}),
    })
  return { root, ran, asked, call }
}

describe('needsApproval outside recorded runs', () => {
  it('denies a gated call no one can answer, and runs a call its gate lets through', async () => {
    const { ran, call } = await boot()
    const denied = await call('ada')
    expect(denied).toMatchObject({ isError: true, error: { code: 'DENIED' } })
    expect(denied.content[0]).toMatchObject({ text: expect.stringContaining('tool "send" requires approval') })
    expect(await call('me')).toMatchObject({ isError: false })
    expect(ran).toEqual([{ to: 'me' }])
  })

  it('asks a live approval service once; its answer decides', async () => {
    const allowed = await boot('allowed-once')
    expect(await allowed.call('ada')).toMatchObject({ isError: false })
    expect(allowed.ran).toEqual([{ to: 'ada' }])
    expect(allowed.asked).toEqual(['send: needsApproval'])
    // why: a policy that asked already covers the tool's own gate.
    allowed.root.on('tools/pre-execute', async (): Promise<PreToolDecision> => ({ kind: 'ask', reason: 'policy' }))
    expect(await allowed.call('bob')).toMatchObject({ isError: false })
    expect(allowed.asked).toEqual(['send: needsApproval', 'send: policy'])

    const rejected = await boot('rejected')
    expect(await rejected.call('ada')).toMatchObject({ isError: true, error: { code: 'DENIED' } })
    expect(rejected.ran).toEqual([])
  })

  it('refuses a needsApproval that is neither a boolean nor a function at registration', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry)
    expect(() =>
      root.tools.register({
        name: 'bad',
        parameters: { type: 'object' },
        needsApproval: 'yes' as never,
        execute: async () => [],
      }),
    ).toThrow(/tool "bad": needsApproval must be true, false or a function/)
  })
})
