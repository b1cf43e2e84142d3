import { createAgentScope } from '@isocode/harness'
import { RegistryError } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { boot, run, textOf, tool } from './service-helpers.ts'

const names = (defs: Array<{ name: string }>) => defs.map((d) => d.name)

async function setup() {
  const booted = await boot()
  for (const name of ['read', 'write', 'bash']) booted.ctx.tools.register(tool(name))
  const agent = createAgentScope(booted.ctx)
  return { ...booted, agent }
}

describe('tools.restrict', () => {
  it('throws on a plain (unscoped) context', async () => {
    const { ctx } = await setup()
    expect(() => ctx.tools.restrict({ allow: ['read'] })).toThrow(/requires a scoped context/)
  })

  it('allow keeps only the listed global tools, as get/visible/schemas/execute see them', async () => {
    const { ctx, agent } = await setup()
    agent.ctx.tools.restrict({ allow: ['read'] })
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read'])
    expect(names(ctx.tools.schemas(agent.key))).toEqual(['read'])
    expect(ctx.tools.get('write', agent.key)).toBeUndefined()
    const denied = await run(ctx, 'write', agent.key)
    expect(denied).toMatchObject({ isError: true, error: { code: 'UNKNOWN_TOOL' } })
    expect(textOf(await run(ctx, 'read', agent.key))).toBe('read ok')
    expect(names(ctx.tools.visible())).toEqual(['read', 'write', 'bash'])
    ctx.tools.register(tool('later'))
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read'])
  })

  it('deny removes the listed tools; globals registered later stay visible', async () => {
    const { ctx, agent } = await setup()
    agent.ctx.tools.restrict({ deny: ['bash'] })
    ctx.tools.register(tool('later'))
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read', 'write', 'later'])
  })

  it('intersects several restrictions, each disposer lifting only its own', async () => {
    const { ctx, agent, changes } = await setup()
    const liftAllow = agent.ctx.tools.restrict({ allow: ['read', 'write'] })
    const liftDeny = agent.ctx.tools.restrict({ deny: ['write'] })
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read'])
    await liftAllow()
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read', 'bash'])
    await liftDeny()
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read', 'write', 'bash'])
    expect(changes.slice(-4).map((c) => [c.kind, c.scope === agent.key, c.names])).toEqual([
      ['restrict', true, ['read', 'write']],
      ['restrict', true, ['write']],
      ['unrestrict', true, ['read', 'write']],
      ['unrestrict', true, ['write']],
    ])
  })

  it('scoped registrations bypass the restriction; other scopes are unaffected', async () => {
    const { ctx, agent } = await setup()
    const other = createAgentScope(ctx)
    agent.ctx.tools.register(tool('read', 'agent read'))
    agent.ctx.tools.register(tool('own'))
    agent.ctx.tools.restrict({ allow: ['write'] })
    expect(names(ctx.tools.visible(agent.key))).toEqual(['write', 'read', 'own'])
    expect(textOf(await run(ctx, 'read', agent.key))).toBe('agent read')
    expect(names(ctx.tools.visible(other.key))).toEqual(['read', 'write', 'bash'])
  })

  it('snapshots the filter arrays at registration', async () => {
    const { ctx, agent } = await setup()
    const allow = ['read']
    agent.ctx.tools.restrict({ allow })
    allow.push('write')
    expect(names(ctx.tools.visible(agent.key))).toEqual(['read'])
  })

  it('rejects {}, unknown names (listing the known ones), run_code and malformed filters, registering nothing', async () => {
    const { ctx, agent, changes } = await setup()
    agent.ctx.tools.register(tool('own'))
    const before = changes.length
    expect(() => agent.ctx.tools.restrict({})).toThrow(/restrict\(\{\}\) restricts nothing/)
    expect(() => agent.ctx.tools.restrict({ allow: undefined, deny: undefined })).toThrow(/restricts nothing/)
    expect(() => agent.ctx.tools.restrict({ allow: ['raed'] })).toThrow(
      'tools.restrict: unknown tool "raed" (known: "bash", "read", "write")',
    )
    expect(() => agent.ctx.tools.restrict({ deny: ['x', 'y', 'x'] })).toThrow(/unknown tools "x", "y" \(known:/)
    expect(() => agent.ctx.tools.restrict({ deny: ['own'] })).toThrow(
      /"own" is registered in this scope only, and scoped registrations bypass restrictions/,
    )
    expect(() => agent.ctx.tools.restrict({ allow: ['run_code'] })).toThrow(
      /"run_code" is the reserved Code Mode transport/,
    )
    expect(() => agent.ctx.tools.restrict({ allow: 'read' } as never)).toThrow(/allow must be an array of tool names/)
    expect(() => agent.ctx.tools.restrict(null as never)).toThrow(RegistryError)
    expect(() => agent.ctx.tools.restrict({ deny: ['read'] })).not.toThrow()
    expect(changes.length).toBe(before + 1)
    expect(names(ctx.tools.visible(agent.key))).toEqual(['write', 'bash', 'own'])
  })

  it('a restricted-away tool is still a known name', async () => {
    const { ctx, agent } = await setup()
    agent.ctx.tools.restrict({ allow: ['read'] })
    expect(ctx.tools.knownNames(agent.key)).toEqual(['read', 'write', 'bash'])
  })
})
