// End to end: ctx.tools.execute through the real ToolRegistry service, agent scopes and plugins.
import { createAgentScope } from '@isocode/harness'
import { defineTool, ToolRegistry, type ToolDefinition, type ToolExecutionToken } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { approvalWith, text, textOf } from './pipeline-helpers.ts'

async function boot() {
  const root = new Context()
  await root.plugin(ToolRegistry)
  let ctx!: Context
  await root.plugin({ inject: ['tools'], apply: (c: Context) => void (ctx = c) })
  return { root, ctx }
}

const raw = (name: string, label: string): ToolDefinition => ({
  name,
  parameters: { type: 'object' },
  execute: async () => text(label),
})

describe('ctx.tools.execute', () => {
  it('dispatches what the calling scope resolves: shadowing and restrictions', async () => {
    const { ctx } = await boot()
    ctx.tools.register(raw('read', 'global read'))
    ctx.tools.register(raw('write', 'global write'))
    const agent = createAgentScope(ctx)
    agent.ctx.tools.register(raw('read', 'agent read'))
    agent.ctx.tools.restrict({ deny: ['write'] })
    const call = (name: string, scoped: boolean) =>
      ctx.tools.execute({ callId: name, name, arguments: {}, ...(scoped ? { agent: agent.key } : {}) })
    expect(textOf(await call('read', false))).toBe('global read')
    expect(textOf(await call('read', true))).toBe('agent read')
    expect(textOf(await call('write', false))).toBe('global write')
    expect(await call('write', true)).toMatchObject({
      content: text('unknown tool "write"'),
      error: { code: 'UNKNOWN_TOOL' },
    })
  })

  it('applies guards and listeners of a scope until the scope is disposed', async () => {
    const { ctx } = await boot()
    ctx.tools.register(raw('x', 'ran'))
    const agent = createAgentScope(ctx)
    agent.ctx.tools.guard(() => 'agent guard')
    const seen: string[] = []
    agent.ctx.on('tools/result', (exec) => {
      seen.push(exec.callId)
    })
    const run = () => ctx.tools.execute({ callId: 'a', name: 'x', arguments: {}, agent: agent.key })
    expect(textOf(await run())).toBe('agent guard')
    expect(seen).toEqual(['a'])
    await agent.dispose()
    expect(textOf(await run())).toBe('ran')
    expect(seen).toEqual(['a'])
  })

  it('surfaces a defineTool argument mismatch as INVALID_ARGS listing the violations', async () => {
    const { ctx } = await boot()
    ctx.tools.register(
      defineTool({
        name: 'read_file',
        parameters: { path: { type: 'string', required: true } },
        async execute(args) {
          return text(`read ${args.path}`)
        },
      }),
    )
    const bad = await ctx.tools.execute({ callId: 'c', name: 'read_file', arguments: { path: 3 } })
    expect(bad).toMatchObject({ isError: true, error: { name: 'ToolArgsError', code: 'INVALID_ARGS' } })
    expect(textOf(bad)).toContain('path')
    expect(textOf(await ctx.tools.execute({ callId: 'd', name: 'read_file', arguments: { path: '/a' } }))).toBe(
      'read /a',
    )
  })

  it('carries parent tokens on nested calls and refuses tokens of another registry', async () => {
    const { ctx } = await boot()
    const other = await boot()
    const parents: Array<ToolExecutionToken | undefined> = []
    let outerToken: ToolExecutionToken | undefined
    ctx.tools.register({
      name: 'outer',
      parameters: { type: 'object' },
      execute: async (_args, exec) => {
        outerToken = exec.token
        return (await ctx.tools.execute({ callId: 'inner', name: 'inner', arguments: {}, parent: exec.token })).content
      },
    })
    ctx.tools.register({
      name: 'inner',
      parameters: { type: 'object' },
      execute: async (_a, exec) => (parents.push(exec.parent), text('inner ok')),
    })
    other.ctx.tools.register(raw('probe', 'probe ok'))
    let foreign: ToolExecutionToken | undefined
    other.root.on('tools/result', (exec) => {
      foreign = exec.token
    })
    await other.ctx.tools.execute({ callId: 'p', name: 'probe', arguments: {} })
    expect(textOf(await ctx.tools.execute({ callId: 'o', name: 'outer', arguments: {} }))).toBe('inner ok')
    expect(parents).toEqual([outerToken])
    const refused = await ctx.tools.execute({ callId: 'x', name: 'inner', arguments: {}, parent: foreign })
    expect(refused).toMatchObject({ isError: true, error: { code: 'INVALID_INPUT' } })
    expect(parents).toHaveLength(1)
  })

  it('services ask through a mounted approval plugin for agent calls', async () => {
    const { root, ctx } = await boot()
    const approval = approvalWith('allowed-once')
    await root.plugin(approval.plugin)
    ctx.tools.register(raw('x', 'approved run'))
    ctx.on('tools/pre-execute', async () => ({ kind: 'ask', reason: 'sensitive' }))
    const agent = createAgentScope(ctx)
    expect(textOf(await ctx.tools.execute({ callId: 'c', name: 'x', arguments: {}, agent: agent.key }))).toBe(
      'approved run',
    )
    expect(approval.requests.map((r) => r.reason)).toEqual(['sensitive'])
  })

  it('never rejects, whatever it is given', async () => {
    const { ctx } = await boot()
    const inputs: unknown[] = [
      undefined,
      null,
      'x',
      [],
      { callId: 'c' },
      {
        callId: 'c',
        name: 'x',
        arguments: new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('trap')
            },
          },
        ),
      },
    ]
    for (const input of inputs) {
      const result = await ctx.tools.execute(input as never)
      expect(result.isError).toBe(true)
      expect(Object.isFrozen(result)).toBe(true)
    }
  })
})
