import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { HarnessError, SystemPrompt, createAgentScope } from '@isocode/harness'
import type { PromptAssembly } from '@isocode/harness'
import type { PromptDraft, ToolSchema } from '../src/system-prompt/types.ts'
import { bootPrompt } from './helpers.ts'

const schema = (name: string, description?: string): ToolSchema => ({
  name,
  ...(description === undefined ? {} : { description }),
  parameters: { type: 'object', properties: {} },
})

describe('SystemPrompt sections', () => {
  it('sorts by order, then name, joins with a blank line and omits empty renders', async () => {
    const { ctx } = await bootPrompt()
    ctx.systemPrompt.section('b', { order: 10, render: () => 'B' })
    ctx.systemPrompt.section('a', { order: 10, render: () => 'A' })
    ctx.systemPrompt.section('first', { order: 1, render: async () => 'FIRST' })
    ctx.systemPrompt.section('empty', { order: 5, render: () => '' })
    expect((await ctx.systemPrompt.assemble()).system).toBe('FIRST\n\nA\n\nB')
  })

  it('renders lazily at each assembly for the assembling scope', async () => {
    const { ctx } = await bootPrompt()
    const agent = createAgentScope(ctx)
    let calls = 0
    ctx.systemPrompt.section('who', {
      order: 0,
      render: (scope) => `${++calls}:${scope === agent.key ? 'agent' : 'global'}`,
    })
    expect(calls).toBe(0)
    expect((await ctx.systemPrompt.assemble()).system).toBe('1:global')
    expect((await ctx.systemPrompt.assemble(agent.key)).system).toBe('2:agent')
  })

  it('lets a scoped section shadow a global one for that scope only, until the scope is disposed', async () => {
    const { ctx } = await bootPrompt()
    const agent = createAgentScope(ctx)
    const other = createAgentScope(ctx)
    ctx.systemPrompt.section('persona', { order: 0, render: () => 'global persona' })
    agent.ctx.systemPrompt.section('persona', { order: 0, render: () => 'agent persona' })
    agent.ctx.systemPrompt.section('extra', { order: 1, render: () => 'agent extra' })
    expect((await ctx.systemPrompt.assemble(agent.key)).system).toBe('agent persona\n\nagent extra')
    expect((await ctx.systemPrompt.assemble(other.key)).system).toBe('global persona')
    expect((await ctx.systemPrompt.assemble()).system).toBe('global persona')
    await agent.dispose()
    expect((await ctx.systemPrompt.assemble(agent.key)).system).toBe('global persona')
  })

  it('refuses to let a scope shadow a protected section, and a protected section wins over an earlier shadow', async () => {
    const { ctx } = await bootPrompt()
    const agent = createAgentScope(ctx)
    agent.ctx.systemPrompt.section('late', { order: 1, render: () => 'shadow' })
    ctx.systemPrompt.section('sdk', { order: 0, render: () => 'SDK', protected: true })
    ctx.systemPrompt.section('late', { order: 1, render: () => 'PROTECTED LATE', protected: true })
    expect(() => agent.ctx.systemPrompt.section('sdk', { order: 0, render: () => 'mine' })).toThrow(
      /protected global section/,
    )
    expect((await ctx.systemPrompt.assemble(agent.key)).system).toBe('SDK\n\nPROTECTED LATE')
  })

  it('rejects duplicates per layer and bad options, and disposes with the owning fiber', async () => {
    const { root, ctx } = await bootPrompt()
    const dispose = ctx.systemPrompt.section('x', { order: 0, render: () => 'X' })
    expect(() => ctx.systemPrompt.section('x', { order: 0, render: () => 'Y' })).toThrow(
      /already registered in this global layer/,
    )
    expect(() => ctx.systemPrompt.section('', { order: 0, render: () => '' })).toThrow(HarnessError)
    expect(() => ctx.systemPrompt.section('y', { order: Number.NaN, render: () => '' })).toThrow(
      /order must be a finite number/,
    )
    expect(() => ctx.systemPrompt.section('y', { order: 0, render: 'text' as never })).toThrow(
      /render must be a function/,
    )
    await dispose()
    ctx.systemPrompt.section('x', { order: 0, render: () => 'again' })
    expect((await ctx.systemPrompt.assemble()).system).toBe('again')
    const fiber = await root.plugin({
      inject: ['systemPrompt'],
      apply: (c: Context) => void c.systemPrompt.section('owned', { order: 1, render: () => 'owned' }),
    })
    expect((await ctx.systemPrompt.assemble()).system).toBe('again\n\nowned')
    await fiber.dispose()
    expect((await ctx.systemPrompt.assemble()).system).toBe('again')
  })

  it('fails the assembly loudly when a render returns a non-string', async () => {
    const { ctx } = await bootPrompt()
    ctx.systemPrompt.section('bad', { order: 0, render: () => 42 as never })
    await expect(ctx.systemPrompt.assemble()).rejects.toThrow(/section "bad" rendered number/)
  })
})

describe('SystemPrompt tools', () => {
  it('collects provider schemas per scope, sorted by code units, as fresh copies', async () => {
    const { ctx } = await bootPrompt()
    const agent = createAgentScope(ctx)
    const params = { type: 'object', properties: {} }
    ctx.systemPrompt.tools(() => [schema('b'), schema('Z'), { name: 'a', parameters: params }])
    agent.ctx.systemPrompt.tools((scope) => [schema(`mine_${scope === agent.key}`)])
    const global = await ctx.systemPrompt.assemble()
    expect(global.tools.map((t) => t.name)).toEqual(['Z', 'a', 'b'])
    expect(global.tools[1]?.parameters).not.toBe(params)
    expect((await ctx.systemPrompt.assemble(agent.key)).tools.map((t) => t.name)).toEqual(['Z', 'a', 'b', 'mine_true'])
    await agent.dispose()
    expect((await ctx.systemPrompt.assemble(agent.key)).tools.map((t) => t.name)).toEqual(['Z', 'a', 'b'])
  })

  it('copes with deeply nested tool parameters', async () => {
    const { ctx } = await bootPrompt()
    let parameters: ToolSchema['parameters'] = { type: 'string' }
    for (let i = 0; i < 5000; i++) parameters = { type: 'object', properties: { child: parameters } }
    ctx.systemPrompt.tools(() => [{ name: 'deep', parameters }])
    ctx.on('system-prompt/assemble', (_scope, next) => next())
    const [deep] = (await ctx.systemPrompt.assemble()).tools
    expect(deep?.parameters === parameters).toBe(false)
    expect(deep?.parameters.type).toBe('object')
  })

  it('rejects malformed provider output and two providers contributing the same name', async () => {
    const { ctx } = await bootPrompt()
    const dispose = ctx.systemPrompt.tools(() => [{ name: 'x', parameters: { bad: 1n } } as never])
    await expect(ctx.systemPrompt.assemble()).rejects.toThrow(/parameters of tool "x" are not JSON/)
    await dispose()
    ctx.systemPrompt.tools(() => [schema('x')])
    ctx.systemPrompt.tools(() => [schema('x')])
    await expect(ctx.systemPrompt.assemble()).rejects.toThrow(/two tool providers contribute "x"/)
    expect(() => ctx.systemPrompt.tools('nope' as never)).toThrow(/provider must be a function/)
  })

  it('puts toolOrder names first and rejects an order naming a tool nobody contributes', async () => {
    const { ctx } = await bootPrompt({ toolOrder: ['zeta', 'beta'] })
    const dispose = ctx.systemPrompt.tools(() => [schema('alpha'), schema('beta'), schema('gamma'), schema('zeta')])
    expect((await ctx.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['zeta', 'beta', 'alpha', 'gamma'])
    await dispose()
    ctx.systemPrompt.tools(() => [schema('alpha'), schema('beta')])
    const error = await ctx.systemPrompt.assemble().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HarnessError)
    expect((error as HarnessError).code).toBe('INVALID_TOOL_ORDER')
    expect((error as Error).message).toMatch(
      /toolOrder lists a tool no provider contributes: "zeta" .*remove it from toolOrder/,
    )
  })

  it('accepts toolOrder names a provider declares known even when not contributed for this scope', async () => {
    const { ctx } = await bootPrompt({ toolOrder: ['hidden', 'shown'] })
    ctx.systemPrompt.tools(() => [schema('shown')], { knownNames: () => ['hidden', 'shown'] })
    expect((await ctx.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['shown'])
  })

  it('validates the toolOrder config when the plugin loads', async () => {
    const root = new Context()
    await expect(root.plugin(SystemPrompt, { toolOrder: ['a', 'a'] })).rejects.toThrow(/names "a" twice/)
    await expect(root.plugin(SystemPrompt, { toolOrder: 'a' as never })).rejects.toThrow(/toolOrder must be an array/)
    await expect(root.plugin(SystemPrompt, { order: [] } as never)).rejects.toThrow(/unknown option "order"/)
    await expect(root.plugin(SystemPrompt, 5 as never)).rejects.toThrow(/config must be an object/)
    expect(root.get('systemPrompt')).toBeUndefined()
  })
})

async function build(reverse: boolean): Promise<PromptAssembly> {
  const { ctx } = await bootPrompt()
  const steps = [
    () => ctx.systemPrompt.section('s1', { order: 2, render: () => 'one' }),
    () => ctx.systemPrompt.section('s2', { order: 2, render: () => 'two' }),
    () => ctx.systemPrompt.section('s0', { order: 1, render: () => 'zero' }),
    () => ctx.systemPrompt.tools(() => [schema('b'), schema('a')]),
    () => ctx.systemPrompt.tools(() => [schema('c')]),
  ]
  for (const step of reverse ? steps.toReversed() : steps) step()
  return ctx.systemPrompt.assemble()
}

describe('system-prompt/assemble', () => {
  it('lets listeners transform the draft, scoped listeners only for their scope', async () => {
    const { ctx } = await bootPrompt()
    const agent = createAgentScope(ctx)
    ctx.systemPrompt.section('base', { order: 0, render: () => 'base' })
    ctx.systemPrompt.tools(() => [schema('keep'), schema('drop')])
    ctx.on('system-prompt/assemble', async (_scope, next) => {
      const draft = await next()
      return {
        sections: [...draft.sections, { name: 'added', order: -1, text: 'added' }],
        tools: draft.tools.filter((t) => t.name !== 'drop'),
      }
    })
    agent.ctx.on('system-prompt/assemble', async (scope, next) => {
      const draft = await next()
      return { ...draft, tools: [...draft.tools, schema(`agent_${scope === agent.key}`)] }
    })
    expect(await ctx.systemPrompt.assemble()).toEqual({ system: 'added\n\nbase', tools: [schema('keep')] })
    expect((await ctx.systemPrompt.assemble(agent.key)).tools.map((t) => t.name)).toEqual(['agent_true', 'keep'])
  })

  it('restores protected sections and protected provider tools after the listeners', async () => {
    const { ctx } = await bootPrompt()
    ctx.systemPrompt.section('tools:sdk', { order: 150, render: () => 'declare const tools', protected: true })
    ctx.systemPrompt.section('plain', { order: 0, render: () => 'plain' })
    ctx.systemPrompt.tools(() => [schema('run_code', 'run a program')], { protected: true })
    ctx.systemPrompt.tools(() => [schema('other')])
    ctx.on('system-prompt/assemble', async (_scope, next) => {
      await next()
      return {
        sections: [{ name: 'tools:sdk', order: 0, text: 'hijacked' }],
        tools: [schema('run_code', 'fake'), schema('extra')],
      }
    })
    expect(await ctx.systemPrompt.assemble()).toEqual({
      system: 'declare const tools',
      tools: [schema('extra'), schema('run_code', 'run a program')],
    })
  })

  it('fails loudly when a listener returns garbage or throws', async () => {
    const { ctx } = await bootPrompt()
    const garbage: unknown[] = [
      undefined,
      { sections: [] },
      { sections: [{ name: 'x', order: 'first', text: '' }], tools: [] },
      { sections: [], tools: [{ name: '', parameters: {} }] },
      { sections: [], tools: [schema('a'), schema('a')] },
    ]
    for (const value of garbage) {
      const dispose = ctx.on('system-prompt/assemble', async () => value as PromptDraft)
      await expect(ctx.systemPrompt.assemble()).rejects.toThrow(HarnessError)
      dispose()
    }
    ctx.on('system-prompt/assemble', async () => {
      throw new Error('listener broke')
    })
    await expect(ctx.systemPrompt.assemble()).rejects.toThrow('listener broke')
  })

  it('is deterministic: registration order does not change the assembly', async () => {
    const forward = await build(false)
    expect(await build(true)).toEqual(forward)
    expect(JSON.stringify(await build(false))).toBe(JSON.stringify(forward))
    expect(forward.system).toBe('zero\n\none\n\ntwo')
  })
})
