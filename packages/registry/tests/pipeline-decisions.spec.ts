import type { PreToolDecision, ToolExecution } from '@isocode/registry'
import { assert, asyncProperty, constantFrom, dictionary, integer, oneof, option, record, string } from 'fast-check'
import { describe, expect, it } from 'vitest'
import { approvalWith, setup, text, textOf, tool } from './pipeline-helpers.ts'

async function counting() {
  const t = await setup()
  const calls = { body: 0, post: 0, results: 0 }
  t.register(tool('x', () => (calls.body++, text('body ran'))))
  t.root.on('tools/post-execute', async (_exec, _result, next) => (calls.post++, next()))
  t.root.on('tools/result', () => {
    calls.results++
  })
  return { t, calls }
}

describe('tools/pre-execute', () => {
  it('runs listeners in registration order, first registered outermost, prepend first', async () => {
    const { t } = await counting()
    const order: string[] = []
    t.root.on('tools/pre-execute', async (_exec, next) => {
      order.push('A before')
      const d = await next()
      order.push('A after')
      return d
    })
    t.root.on('tools/pre-execute', async (_exec, next) => {
      order.push('B')
      return next()
    })
    t.root.on(
      'tools/pre-execute',
      async (_exec, next) => {
        order.push('P')
        return next()
      },
      { prepend: true },
    )
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result.isError).toBe(false)
    expect(order).toEqual(['P', 'A before', 'B', 'A after'])
  })

  it('deny skips dispatch, still flows through post-execute and reaches observers once', async () => {
    const { t, calls } = await counting()
    t.root.on('tools/pre-execute', async () => ({ kind: 'deny', reason: 'not today' }))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toEqual({
      callId: 'c',
      content: text('not today'),
      isError: true,
      error: { name: 'RegistryError', code: 'DENIED' },
    })
    expect(calls).toEqual({ body: 0, post: 1, results: 1 })
  })

  it.each<[string, unknown]>([
    ['an unknown kind', { kind: 'maybe' }],
    ['extra fields on allow', { kind: 'allow', because: 'yes' }],
    ['a deny without reason', { kind: 'deny' }],
    ['a numeric deny reason', { kind: 'deny', reason: 7 }],
    ['a numeric ask reason', { kind: 'ask', reason: 7 }],
    ['undefined', undefined],
    ['a string', 'allow'],
    [
      'a class instance',
      new (class Allow {
        kind = 'allow'
      })(),
    ],
    [
      'a throwing getter',
      {
        get kind(): string {
          throw new Error('gotcha')
        },
      },
    ],
  ])('fails closed on %s: INVALID_DECISION, no body, no post-execute, one result', async (_label, garbage) => {
    const { t, calls } = await counting()
    t.root.on('tools/pre-execute', async () => garbage as PreToolDecision)
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ callId: 'c', isError: true, error: { code: 'INVALID_DECISION' } })
    expect(textOf(result)).toContain('tools/pre-execute returned an invalid decision')
    expect(calls).toEqual({ body: 0, post: 0, results: 1 })
  })

  it('fails closed when a listener throws, keeping a HarnessError code', async () => {
    const { t, calls } = await counting()
    t.root.on('tools/pre-execute', async () => {
      throw new Error('policy crashed')
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'DENIED' } })
    expect(textOf(result)).toContain('policy crashed')
    expect(calls.body).toBe(0)
  })

  it('fails closed when a listener calls next() twice', async () => {
    const { t, calls } = await counting()
    t.root.on('tools/pre-execute', async (_exec, next) => {
      await next()
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'DENIED' } })
    expect(textOf(result)).toContain('next() called multiple times')
    expect(calls.body).toBe(0)
  })

  it('fails closed exactly when a decision is not one of the three exact shapes (property)', async () => {
    const { t } = await counting()
    let next: unknown
    t.root.on('tools/pre-execute', async () => next as PreToolDecision)
    const decision = record(
      {
        kind: constantFrom('allow', 'deny', 'ask', 'block', 7),
        reason: option(oneof(string(), integer()), { nil: undefined }),
      },
      { requiredKeys: [] },
    )
    const extras = dictionary(constantFrom('why', 'score', 'kind2'), string(), { maxKeys: 1 })
    await assert(
      asyncProperty(decision, extras, async (base, extra) => {
        const value: Record<string, unknown> = { ...base, ...extra }
        if (value.reason === undefined) delete value.reason
        next = value
        const keys = Object.keys(value).toSorted().join(',')
        const valid =
          (value.kind === 'allow' && keys === 'kind') ||
          (value.kind === 'deny' && keys === 'kind,reason' && typeof value.reason === 'string') ||
          (value.kind === 'ask' && (keys === 'kind' || (keys === 'kind,reason' && typeof value.reason === 'string')))
        const result = await t.execute({ callId: 'p', name: 'x', arguments: {} })
        expect(result.error?.code === 'INVALID_DECISION').toBe(!valid)
      }),
      { numRuns: 80 },
    )
  })

  it('runs scoped listeners only for their own agent', async () => {
    const { t } = await counting()
    const mine = t.agent()
    const theirs = t.agent()
    const seen: string[] = []
    t.root.on('tools/pre-execute', async (exec, next) => (seen.push(`global:${exec.callId}`), next()))
    mine.ctx.on('tools/pre-execute', async (exec, next) => (seen.push(`mine:${exec.callId}`), next()))
    await t.execute({ callId: 'none', name: 'x', arguments: {} })
    await t.execute({ callId: 'm', name: 'x', arguments: {}, agent: mine.key })
    await t.execute({ callId: 't', name: 'x', arguments: {}, agent: theirs.key })
    expect(seen).toEqual(['global:none', 'global:m', 'mine:m', 'global:t'])
    await mine.dispose()
    await t.execute({ callId: 'm2', name: 'x', arguments: {}, agent: mine.key })
    expect(seen.at(-1)).toBe('global:m2')
  })
})

const ask = async (): Promise<PreToolDecision> => ({ kind: 'ask', reason: 'writes files' })

describe('ask and the approval seam', () => {
  it.each([
    ['allowed-once', { content: text('body ran'), isError: false }, 1],
    ['rejected', { content: text('the user rejected tool "x"'), isError: true, error: { code: 'DENIED' } }, 0],
    [
      'cancelled',
      { content: text('approval for tool "x" was cancelled'), isError: true, error: { code: 'DENIED' } },
      0,
    ],
    [
      'unavailable',
      {
        content: text('approval for tool "x" is unavailable: no one can answer it now'),
        isError: true,
        error: { code: 'DENIED' },
      },
      0,
    ],
    [
      'maybe',
      { content: text('approval for tool "x" returned an unknown outcome'), isError: true, error: { code: 'DENIED' } },
      0,
    ],
  ] as const)('approval answering %s', async (answer, expected, bodies) => {
    const { t, calls } = await counting()
    const approval = approvalWith(answer as 'rejected')
    await t.root.plugin(approval.plugin)
    const agent = t.agent()
    t.root.on('tools/pre-execute', ask)
    const result = await t.execute({ callId: 'c', name: 'x', arguments: { a: 1 }, agent: agent.key })
    expect(result).toMatchObject(expected)
    expect(calls.body).toBe(bodies)
    expect(approval.requests).toHaveLength(1)
    expect(approval.requests[0]?.reason).toBe('writes files')
    expect(approval.requests[0]?.execution).toMatchObject({
      callId: 'c',
      name: 'x',
      arguments: { a: 1 },
      agent: agent.key,
    })
  })

  it('gives rejected, cancelled, unavailable and an unknown outcome four distinct denial reasons', async () => {
    const reasons: string[] = []
    for (const answer of ['rejected', 'cancelled', 'unavailable', 'maybe'] as const) {
      const { t, calls } = await counting()
      await t.root.plugin(approvalWith(answer as 'rejected').plugin)
      t.root.on('tools/pre-execute', ask)
      const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, agent: t.agent().key })
      expect(result).toMatchObject({ isError: true, error: { code: 'DENIED' } })
      expect(calls).toEqual({ body: 0, post: 1, results: 1 })
      reasons.push(textOf(result))
    }
    expect(new Set(reasons).size).toBe(4)
    expect(reasons[2]).not.toContain('unknown outcome')
  })

  it('denies when the approval service throws', async () => {
    const { t, calls } = await counting()
    await t.root.plugin(
      approvalWith(async () => {
        throw new Error('ui gone')
      }).plugin,
    )
    t.root.on('tools/pre-execute', ask)
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, agent: t.agent().key })
    expect(result).toMatchObject({ isError: true, error: { code: 'DENIED' } })
    expect(textOf(result)).toBe('approval for tool "x" failed: ui gone')
    expect(calls.body).toBe(0)
  })

  it('degrades to deny when no approval service is mounted', async () => {
    const { t, calls } = await counting()
    t.root.on('tools/pre-execute', ask)
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, agent: t.agent().key })
    expect(textOf(result)).toBe('tool "x" requires approval (writes files), but no approval service is available')
    expect(calls.body).toBe(0)
  })

  it('denies without asking when the execution has no agent', async () => {
    const { t, calls } = await counting()
    const approval = approvalWith('allowed-once')
    await t.root.plugin(approval.plugin)
    t.root.on('tools/pre-execute', async () => ({ kind: 'ask' }))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(textOf(result)).toBe('tool "x" requires approval, but the call has no agent to route it through')
    expect(approval.requests).toHaveLength(0)
    expect(calls.body).toBe(0)
  })

  it.each([
    ['allowed-once', 1, { isError: false, content: text('body ran') }],
    ['rejected', 0, { content: text('the user rejected tool "x"'), isError: true, error: { code: 'DENIED' } }],
  ] as const)(
    "a caller's own approval answers its call without an agent, before the service (%s)",
    async (answer, runs, expected) => {
      const { t, calls } = await counting()
      const service = approvalWith('allowed-once')
      await t.root.plugin(service.plugin)
      t.root.on('tools/pre-execute', ask)
      const asked: { name: string; reason: string | undefined; signal: boolean }[] = []
      const approval = {
        request: async (execution: { name: string }, reason: string | undefined, options?: { signal: AbortSignal }) => {
          asked.push({ name: execution.name, reason, signal: options?.signal instanceof AbortSignal })
          return answer
        },
      }
      const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, approval })
      expect(asked).toEqual([{ name: 'x', reason: 'writes files', signal: true }])
      expect(service.requests).toHaveLength(0)
      expect(calls.body).toBe(runs)
      expect(result).toMatchObject(expected)
    },
  )

  it('refuses an approval that cannot answer, naming the field; nothing runs', async () => {
    const { t, calls } = await counting()
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, approval: { ask: () => 'yes' } })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_INPUT' } })
    expect(textOf(result)).toBe('approval of tool call "x" must be an Approval (an object with request()) or absent')
    expect(calls.body).toBe(0)
  })
})

describe('guards', () => {
  it('run in order after pre-execute; the first string denies and a forced allow cannot undo it', async () => {
    const { t, calls } = await counting()
    const order: string[] = []
    t.root.on('tools/pre-execute', async () => ({ kind: 'allow' }), { prepend: true })
    t.guard(() => (order.push('g1'), undefined))
    t.guard(() => (order.push('g2'), 'g2 says no'))
    t.guard(() => (order.push('g3'), 'g3 says no'))
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ content: text('g2 says no'), error: { code: 'DENIED' } })
    expect(order).toEqual(['g1', 'g2'])
    expect(calls).toEqual({ body: 0, post: 1, results: 1 })
  })

  it('receive the execution with frozen arguments and only apply to their scope', async () => {
    const { t, calls } = await counting()
    const agent = t.agent()
    let seen: ToolExecution | undefined
    t.guard((exec) => ((seen = exec), undefined))
    t.guard(() => 'agent-only denial', agent)
    expect((await t.execute({ callId: 'g', name: 'x', arguments: { a: [1] } })).isError).toBe(false)
    expect(Object.isFrozen(seen?.arguments.a)).toBe(true)
    expect(textOf(await t.execute({ callId: 'a', name: 'x', arguments: {}, agent: agent.key }))).toBe(
      'agent-only denial',
    )
    expect(calls.body).toBe(1)
  })

  it.each([
    [
      'throws',
      () => {
        throw new Error('guard bug')
      },
      'a guard failed for tool "x": guard bug',
    ],
    ['returns a number', () => 42 as unknown as string, 'a guard returned a non-string verdict for tool "x"'],
  ])('fail closed when a guard %s', async (_label, guard, message) => {
    const { t, calls } = await counting()
    t.guard(guard)
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ content: text(message), error: { code: 'DENIED' } })
    expect(calls.body).toBe(0)
  })
})
