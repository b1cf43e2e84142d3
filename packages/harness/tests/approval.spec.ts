import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { ApprovalService, createAgentScope } from '@isocode/harness'
import { APPROVAL_OUTCOMES } from '../src/approval.ts'
import type { ApprovalOutcome, ApprovalSubject } from '@isocode/harness'
import { plainPlugin } from './helpers.ts'

class ScriptedApproval extends ApprovalService {
  readonly asked: Array<{ name: string; reason: string | undefined }> = []
  constructor(
    ctx: Context,
    private readonly answer: ApprovalOutcome,
  ) {
    super(ctx)
  }

  async request(execution: ApprovalSubject, reason: string | undefined): Promise<ApprovalOutcome> {
    this.asked.push({ name: execution.name, reason })
    return this.answer
  }
}

describe('approval seam', () => {
  it('is absent (undefined, no throw) until a provider is mounted under "approval"', async () => {
    const root = new Context()
    const ctx = await plainPlugin(root)
    expect(ctx.get('approval')).toBeUndefined()
    const fiber = await root.plugin(ScriptedApproval, 'rejected')
    const approval = ctx.get('approval')
    expect(approval).toBeInstanceOf(ApprovalService)
    await expect(approval?.request({ callId: 'c1', name: 'rm', arguments: {} }, 'dangerous')).resolves.toBe('rejected')
    await fiber.dispose()
    expect(ctx.get('approval')).toBeUndefined()
  })

  it('passes the execution and the reason through to the provider', async () => {
    const root = new Context()
    const ctx = await plainPlugin(root)
    await root.plugin(ScriptedApproval, 'allowed-once')
    const agent = createAgentScope(ctx)
    const outcome = await ctx
      .get('approval')
      ?.request({ callId: 'c2', name: 'write', arguments: { path: 'a' }, agent: agent.key }, undefined)
    expect(outcome).toBe('allowed-once')
    expect((ctx.get('approval') as ScriptedApproval).asked).toEqual([{ name: 'write', reason: undefined }])
  })

  it('lists the four outcomes, and a provider may answer unavailable', async () => {
    expect(APPROVAL_OUTCOMES).toEqual(['allowed-once', 'rejected', 'cancelled', 'unavailable'])
    expect(Object.isFrozen(APPROVAL_OUTCOMES)).toBe(true)
    const unavailable: ApprovalOutcome = 'unavailable'
    const root = new Context()
    const ctx = await plainPlugin(root)
    await root.plugin(ScriptedApproval, unavailable)
    await expect(ctx.get('approval')?.request({ callId: 'c3', name: 'rm', arguments: {} }, undefined)).resolves.toBe(
      'unavailable',
    )
  })
})
