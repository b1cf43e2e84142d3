import { SystemPrompt, createAgentScope } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { JsonObject } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { boot, pluginCtx, run, textOf, tool } from './service-helpers.ts'

describe('ToolRegistry config', () => {
  it('defaults to native and validates mode and unknown options when the plugin loads', async () => {
    const { ctx } = await boot()
    expect(ctx.tools.mode).toBe('native')
    const root = new Context()
    await expect(root.plugin(ToolRegistry, { mode: 'python' as never })).rejects.toThrow(
      /mode must be one of "native", "code", "both"/,
    )
    await expect(root.plugin(ToolRegistry, { modes: 'code' } as never)).rejects.toThrow(/unknown option "modes"/)
    expect(root.get('tools')).toBeUndefined()
    await root.plugin(ToolRegistry, { mode: 'both' })
    expect(root.get('tools')?.mode).toBe('both')
  })

  it('names each limit once (R-140): toolCalls and sdkBytes, the old names still read, both at once refused', async () => {
    const root = new Context()
    const fiber = await root.plugin(ToolRegistry, { mode: 'code', toolCalls: 7, sdkBytes: 100 })
    expect([root.get('tools')?.toolCalls, root.get('tools')?.sdkBytes]).toEqual([7, 100])
    await fiber.dispose()
    const old = await root.plugin(ToolRegistry, { mode: 'code', maxToolCalls: 8, sdkBudgetBytes: 200 })
    expect([root.get('tools')?.toolCalls, root.get('tools')?.sdkBytes]).toEqual([8, 200])
    await old.dispose()
    await expect(root.plugin(ToolRegistry, { toolCalls: 3, maxToolCalls: 4 })).rejects.toThrow(
      /maxToolCalls is the old name of toolCalls; give one of them/,
    )
    expect(new ToolRegistry(new Context(), { maxToolCalls: 9 }).toolCalls).toBe(9)
  })

  it('direct construction without config is native: no run_code in get, visible or schemas', () => {
    const registry = new ToolRegistry(new Context())
    expect(registry.mode).toBe('native')
    expect(registry.get('run_code')).toBeUndefined()
    expect(registry.visible().map((d) => d.name)).toEqual([])
    expect(registry.schemas().map((s) => s.name)).toEqual([])
    const code = new ToolRegistry(new Context(), { mode: 'code' })
    expect(code.get('run_code')?.name).toBe('run_code')
    expect(code.schemas().map((s) => s.name)).toEqual(['run_code'])
  })
})

describe('read API', () => {
  it('get returns the same frozen snapshot every time, or undefined', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('a'))
    expect(ctx.tools.get('a')).toBe(ctx.tools.get('a'))
    expect(ctx.tools.get('nope')).toBeUndefined()
    expect(ctx.tools.get(42 as never)).toBeUndefined()
    expect(ctx.tools.visible()[0]).toBe(ctx.tools.get('a'))
  })

  it('knownNames lists global names then the scope’s own, once each', async () => {
    const { ctx } = await boot()
    const agent = createAgentScope(ctx)
    ctx.tools.register(tool('b'))
    ctx.tools.register(tool('a'))
    agent.ctx.tools.register(tool('a'))
    agent.ctx.tools.register(tool('c'))
    expect(ctx.tools.knownNames()).toEqual(['b', 'a'])
    expect(ctx.tools.knownNames(agent.key)).toEqual(['b', 'a', 'c'])
  })

  it('schemas are fresh deep copies of name, description and parameters only', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('a', 'x', { timeoutMs: 10, presentCall: () => undefined }))
    ctx.tools.register({ name: 'bare', parameters: {}, execute: async () => [] })
    const [first, bare] = ctx.tools.schemas()
    expect(first).toEqual({
      name: 'a',
      description: 'the a tool',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    })
    expect(Object.keys(bare ?? {})).toEqual(['name', 'parameters'])
    expect(Object.isFrozen(first?.parameters)).toBe(false)
    if (first === undefined) throw new Error('no schema')
    ;((first.parameters.properties as JsonObject).path as JsonObject).type = 'number'
    first.name = 'hacked'
    expect(ctx.tools.schemas()[0]).toEqual({
      name: 'a',
      description: 'the a tool',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    })
    expect(ctx.tools.get('a')?.parameters).not.toBe(ctx.tools.schemas()[0]?.parameters)
  })

  it('copes with deeply nested parameter schemas', async () => {
    const { ctx } = await boot()
    let parameters: JsonObject = { type: 'string' }
    for (let i = 0; i < 5000; i++) parameters = { type: 'object', properties: { child: parameters } }
    ctx.tools.register({ name: 'deep', parameters, execute: async () => [] })
    const copy = ctx.tools.schemas()[0]?.parameters
    expect(copy === parameters).toBe(false)
    let depth = 0
    let node = copy
    for (; node?.type === 'object'; depth++) node = (node.properties as JsonObject).child as JsonObject
    expect([depth, node]).toEqual([5000, { type: 'string' }])
  })
})

describe('execute', () => {
  it('delegates to the pipeline with resolution as the calling agent sees it', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('echo', 'echoed'))
    const result = await ctx.tools.execute({ callId: 'c-1', name: 'echo', arguments: {} })
    expect(result).toMatchObject({ callId: 'c-1', isError: false, content: [{ type: 'text', text: 'echoed' }] })
    const unknown = await run(ctx, 'missing')
    expect(unknown).toMatchObject({ isError: true, error: { code: 'UNKNOWN_TOOL' } })
    await expect(ctx.tools.execute(null as never)).resolves.toMatchObject({ isError: true })
  })

  it('works without a SystemPrompt service', async () => {
    const { ctx } = await boot()
    expect(ctx.get('systemPrompt')).toBeUndefined()
    ctx.tools.register(tool('solo'))
    expect(textOf(await run(ctx, 'solo'))).toBe('solo ok')
  })
})

describe('system prompt contribution (native)', () => {
  it('feeds the assembling scope’s visible schemas, restrictions and shadows applied', async () => {
    const { ctx } = await boot({ prompt: true })
    const agent = createAgentScope(ctx)
    ctx.tools.register(tool('write'))
    ctx.tools.register(tool('read'))
    agent.ctx.tools.register(tool('read', 'mine', { description: 'agent read' }))
    agent.ctx.tools.restrict({ deny: ['write'] })
    const global = await ctx.systemPrompt.assemble()
    expect(global.tools.map((t) => t.name)).toEqual(['read', 'write'])
    expect(global.tools[0]?.description).toBe('the read tool')
    const scoped = await ctx.systemPrompt.assemble(agent.key)
    expect(scoped.tools).toEqual([{ name: 'read', description: 'agent read', parameters: tool('x').parameters }])
  })

  it('lets toolOrder name a tool restricted away from the assembling agent, but not an unknown one', async () => {
    const { ctx } = await boot({ prompt: true, toolOrder: ['write', 'read'] })
    const agent = createAgentScope(ctx)
    ctx.tools.register(tool('read'))
    ctx.tools.register(tool('write'))
    ctx.tools.register(tool('bash'))
    agent.ctx.tools.restrict({ allow: ['read'] })
    expect((await ctx.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['write', 'read', 'bash'])
    expect((await ctx.systemPrompt.assemble(agent.key)).tools.map((t) => t.name)).toEqual(['read'])
    const fresh = await boot({ prompt: true, toolOrder: ['ghost'] })
    await expect(fresh.ctx.systemPrompt.assemble()).rejects.toMatchObject({ code: 'INVALID_TOOL_ORDER' })
  })

  it('registers its provider when SystemPrompt arrives later and survives a SystemPrompt reload', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry)
    const ctx = await pluginCtx(root)
    ctx.tools.register(tool('kept'))
    const prompt = await root.plugin(SystemPrompt)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await root.get('systemPrompt')?.assemble())?.tools.map((t) => t.name)).toEqual(['kept'])
    await prompt.dispose()
    await root.plugin(SystemPrompt)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ctx.tools.knownNames()).toEqual(['kept'])
    expect((await root.get('systemPrompt')?.assemble())?.tools.map((t) => t.name)).toEqual(['kept'])
  })

  it('stops contributing once the registry is disposed', async () => {
    const root = new Context()
    await root.plugin(SystemPrompt)
    const registry = await root.plugin(ToolRegistry)
    const ctx = await pluginCtx(root, ['systemPrompt'])
    ctx.get('tools')?.register(tool('t'))
    expect((await ctx.systemPrompt.assemble()).tools).toHaveLength(1)
    await registry.dispose()
    expect((await ctx.systemPrompt.assemble()).tools).toEqual([])
  })

  it.each(['code', 'both'] as const)(
    'rejects assembly with an actionable error in %s mode until Code Mode lands',
    async (mode) => {
      const { ctx } = await boot({ prompt: true, config: { mode } })
      await expect(ctx.systemPrompt.assemble()).rejects.toMatchObject({
        code: 'CODE_MODE_UNAVAILABLE',
        message: expect.stringMatching(/mode: "native"/),
      })
    },
  )
})
