// An approval request is bounded by its call's signal (rule R-72 in docs/registry-contract.md):
// the provider gets a signal, and when the call is aborted the registry stops waiting at once.
import { ApprovalService } from '@isocode/harness'
import type { ApprovalOutcome, ApprovalRequestOptions, ApprovalSubject } from '@isocode/harness'
import type { PreToolDecision, ToolExecutionResult } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

/** A provider that answers only when the test says so, recording the signal of each request. */
function heldApproval() {
  let asked!: () => void
  const held = {
    signals: [] as AbortSignal[],
    /** Resolves when the first request arrives. */
    asked: new Promise<void>((resolve) => (asked = resolve)),
    answer: (_outcome: ApprovalOutcome | Error): void => undefined,
  }
  class HeldApproval extends ApprovalService {
    request(
      _execution: ApprovalSubject,
      _reason: string | undefined,
      options?: ApprovalRequestOptions,
    ): Promise<ApprovalOutcome> {
      if (options !== undefined) held.signals.push(options.signal)
      asked()
      // why: a slow person at a UI that ignores the signal; the registry must not wait for it.
      return new Promise(
        (resolve, reject) =>
          (held.answer = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome))),
      )
    }
  }
  return { plugin: HeldApproval, held }
}

const ask = async (): Promise<PreToolDecision> => ({ kind: 'ask', reason: 'writes files' })

async function boot() {
  const t = await setup()
  const ran: string[] = []
  t.register(tool('x', (_args, exec) => (ran.push(exec.callId), text('body ran'))))
  const approval = heldApproval()
  await t.root.plugin(approval.plugin)
  t.root.on('tools/pre-execute', ask)
  const post: string[] = []
  t.root.on('tools/post-execute', async (exec, _result, next) => (post.push(exec.callId), next()))
  return { t, ran, post, held: approval.held, agent: t.agent() }
}

// why: lets a late answer's callbacks run before the test looks again.
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('approval and the call signal', () => {
  it('an outer abort during a pending approval ends the call ABORTED at once; the tool never runs', async () => {
    const { t, ran, post, held, agent } = await boot()
    const outer = new AbortController()
    const order: string[] = []
    const pending = t
      .execute({ callId: 'c', name: 'x', arguments: {}, agent: agent.key, signal: outer.signal })
      .then((result: ToolExecutionResult) => (order.push('result'), result))
    await held.asked
    expect(held.signals).toHaveLength(1)
    expect(held.signals[0]?.aborted).toBe(false)
    outer.abort(new Error('user pressed stop'))
    const result = await pending
    expect(held.signals[0]?.aborted).toBe(true)
    expect(held.signals[0]?.reason).toBe(outer.signal.reason)
    expect(result).toMatchObject({ isError: true, error: { code: 'ABORTED' } })
    expect(textOf(result)).toBe(
      'approval for tool "x" was abandoned: the call was aborted (user pressed stop) before an answer came; the tool did not run',
    )
    // why: the answer the provider gives afterwards changes nothing.
    held.answer('allowed-once')
    order.push('answered')
    await tick()
    expect(order).toEqual(['result', 'answered'])
    expect(ran).toEqual([])
    expect(post).toEqual(['c'])
  })

  it('a provider that fails after the call was abandoned is ignored (no unhandled rejection)', async () => {
    const { t, ran, held, agent } = await boot()
    const outer = new AbortController()
    const pending = t.execute({ callId: 'c', name: 'x', arguments: {}, agent: agent.key, signal: outer.signal })
    await held.asked
    outer.abort()
    expect((await pending).error?.code).toBe('ABORTED')
    held.answer(new Error('the prompt window was closed'))
    await tick()
    expect(ran).toEqual([])
  })

  it('a call whose signal is already aborted is not asked at all', async () => {
    const { t, ran, held, agent } = await boot()
    const result = await t.execute({
      callId: 'c',
      name: 'x',
      arguments: {},
      agent: agent.key,
      signal: AbortSignal.abort(new Error('too late')),
    })
    expect(textOf(result)).toBe(
      'approval for tool "x" was abandoned: the call was aborted (too late) before an answer came; the tool did not run',
    )
    expect(held.signals).toEqual([])
    expect(ran).toEqual([])
  })

  it('the provider always gets a live signal, also for a call without one, and its answer still counts', async () => {
    const { t, ran, held, agent } = await boot()
    const pending = t.execute({ callId: 'c', name: 'x', arguments: {}, agent: agent.key })
    await held.asked
    expect(held.signals).toHaveLength(1)
    expect(held.signals[0]).toBeInstanceOf(AbortSignal)
    held.answer('allowed-once')
    expect(await pending).toMatchObject({ isError: false, content: text('body ran') })
    expect(held.signals[0]?.aborted).toBe(false)
    expect(ran).toEqual(['c'])
  })

  it("the provider gets a signal of its own, not the caller's", async () => {
    const { t, held, agent } = await boot()
    const outer = new AbortController()
    const pending = t.execute({ callId: 'c', name: 'x', arguments: {}, agent: agent.key, signal: outer.signal })
    await held.asked
    expect(held.signals).toHaveLength(1)
    expect(held.signals[0]).not.toBe(outer.signal)
    held.answer('rejected')
    expect((await pending).error?.code).toBe('DENIED')
    expect(outer.signal.aborted).toBe(false)
  })
})
