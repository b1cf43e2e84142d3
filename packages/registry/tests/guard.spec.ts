import { createAgentScope } from '@isocode/harness'
import type { ToolExecution } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { boot, run, textOf, tool } from './service-helpers.ts'

const deny = () => 'no'

describe('tools.guard', () => {
  it('a returned string denies; undefined abstains; a global guard applies everywhere', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('rm'))
    ctx.tools.register(tool('ls'))
    const seen: ToolExecution[] = []
    ctx.tools.guard((exec) => {
      seen.push(exec)
      return exec.name === 'rm' ? 'rm is never allowed' : undefined
    })
    const agent = createAgentScope(ctx)
    const denied = await run(ctx, 'rm', agent.key)
    expect(denied.isError).toBe(true)
    expect(textOf(denied)).toMatch(/rm is never allowed/)
    expect(textOf(await run(ctx, 'ls'))).toBe('ls ok')
    expect(Object.isFrozen(seen[0]?.arguments)).toBe(true)
  })

  it('cannot be overridden by a pre-execute listener forcing allow, even prepended', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('rm'))
    ctx.tools.guard(() => 'guarded')
    ctx.on('tools/pre-execute', async () => ({ kind: 'allow' }), { prepend: true })
    expect((await run(ctx, 'rm')).isError).toBe(true)
  })

  it('an agent-scope guard applies to that agent only and is disposed with it', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool('ls'))
    const agent = createAgentScope(ctx)
    const other = createAgentScope(ctx)
    agent.ctx.tools.guard(() => 'agent policy')
    expect((await run(ctx, 'ls', agent.key)).isError).toBe(true)
    expect((await run(ctx, 'ls', other.key)).isError).toBe(false)
    expect((await run(ctx, 'ls')).isError).toBe(false)
    await agent.dispose()
    expect((await run(ctx, 'ls', agent.key)).isError).toBe(false)
  })

  it('the same function twice is two entries; lifting one keeps the other; no tools/change', async () => {
    const { ctx, changes } = await boot()
    ctx.tools.register(tool('ls'))
    changes.length = 0
    const first = ctx.tools.guard(deny)
    ctx.tools.guard(deny)
    await first()
    expect((await run(ctx, 'ls')).isError).toBe(true)
    expect(changes).toEqual([])
    expect(() => ctx.tools.guard('no' as never)).toThrow(/guard must be a function/)
  })

  it('is disposed with the registering plugin fiber', async () => {
    const { root, ctx } = await boot()
    ctx.tools.register(tool('ls'))
    const fiber = await root.plugin({
      inject: ['tools'],
      apply: (c: typeof ctx) => void c.tools.guard(() => 'plugin policy'),
    })
    expect((await run(ctx, 'ls')).isError).toBe(true)
    await fiber.dispose()
    expect((await run(ctx, 'ls')).isError).toBe(false)
  })
})
