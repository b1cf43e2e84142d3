import { createAgentScope } from '@isocode/harness'
import type { ToolExecution } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { boot, run, textOf, tool } from './service-helpers.ts'

const names = (defs: Array<{ name: string }>) => defs.map((d) => d.name)

describe('agent-scoped layers', () => {
  it('a scoped registration is visible to its scope only and shadows the global one there', async () => {
    const { ctx } = await boot()
    const agent = createAgentScope(ctx)
    const other = createAgentScope(ctx)
    ctx.tools.register(tool('read', 'global read'))
    ctx.tools.register(tool('list'))
    agent.ctx.tools.register(tool('read', 'agent read', { description: 'agent variant' }))
    agent.ctx.tools.register(tool('mine'))

    expect(ctx.tools.get('read', agent.key)?.description).toBe('agent variant')
    expect(ctx.tools.get('read', other.key)?.description).toBe('the read tool')
    expect(ctx.tools.get('read')?.description).toBe('the read tool')
    expect(ctx.tools.get('mine', other.key)).toBeUndefined()
    expect(ctx.tools.get('mine')).toBeUndefined()

    expect(names(ctx.tools.visible(agent.key))).toEqual(['list', 'read', 'mine'])
    expect(names(ctx.tools.visible(other.key))).toEqual(['read', 'list'])
    expect(names(ctx.tools.schemas(agent.key))).toEqual(['list', 'read', 'mine'])
    expect(ctx.tools.schemas(agent.key).find((s) => s.name === 'read')?.description).toBe('agent variant')

    expect(textOf(await run(ctx, 'read', agent.key))).toBe('agent read')
    expect(textOf(await run(ctx, 'read', other.key))).toBe('global read')
    expect(textOf(await run(ctx, 'mine', agent.key))).toBe('mine ok')
    const hidden = await run(ctx, 'mine', other.key)
    expect(hidden.isError).toBe(true)
    expect(hidden.error?.code).toBe('UNKNOWN_TOOL')
  })

  it('shadowing works in either registration order, and the visible/get/execute views agree', async () => {
    const { ctx } = await boot()
    const agent = createAgentScope(ctx)
    agent.ctx.tools.register(tool('x', 'agent first'))
    ctx.tools.register(tool('x', 'global second'))
    const seen = ctx.tools.visible(agent.key).filter((d) => d.name === 'x')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBe(ctx.tools.get('x', agent.key))
    expect(textOf(await run(ctx, 'x', agent.key))).toBe('agent first')
  })

  it('disposing a scope removes its tools, guards, restrictions and listeners', async () => {
    const { ctx, changes } = await boot()
    const agent = createAgentScope(ctx)
    ctx.tools.register(tool('shared', 'global shared'))
    ctx.tools.register(tool('hidden'))
    agent.ctx.tools.register(tool('shared', 'agent shared'))
    agent.ctx.tools.guard(() => 'agent guard says no')
    agent.ctx.tools.restrict({ deny: ['hidden'] })
    const heard: string[] = []
    agent.ctx.on('tools/pre-execute', async (exec: ToolExecution, next) => {
      heard.push(exec.name)
      return next()
    })
    expect(textOf(await run(ctx, 'shared', agent.key))).toMatch(/agent guard says no/)
    expect(ctx.tools.get('hidden', agent.key)).toBeUndefined()
    changes.length = 0

    await agent.dispose()
    expect(textOf(await run(ctx, 'shared', agent.key))).toBe('global shared')
    expect(ctx.tools.get('hidden', agent.key)?.name).toBe('hidden')
    expect(heard).toEqual(['shared'])
    expect(changes.map((c) => c.kind).toSorted()).toEqual(['unregister', 'unrestrict'])
  })

  it('a plugin loaded under an agent scope registers into that scope', async () => {
    const { ctx } = await boot()
    const agent = createAgentScope(ctx)
    await agent.ctx.plugin({ inject: ['tools'], apply: (c: typeof ctx) => void c.tools.register(tool('nested')) })
    expect(ctx.tools.get('nested', agent.key)?.name).toBe('nested')
    expect(ctx.tools.get('nested')).toBeUndefined()
  })
})
