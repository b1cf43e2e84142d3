import { createAgentScope } from '@isocode/harness'
import { RUN_CODE, RegistryError, ToolRegistry } from '@isocode/registry'
import type { ToolDefinition } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { boot, pluginCtx, run, textOf, tool } from './service-helpers.ts'

describe('tools.register snapshot', () => {
  it('stores a frozen snapshot with detached, deep-frozen parameters and copied scalars', async () => {
    const { ctx } = await boot()
    const def = tool('read', 'read ok', { timeoutMs: 500 })
    ctx.tools.register(def)
    const snap = ctx.tools.get('read')
    expect(snap).not.toBe(def)
    expect(Object.isFrozen(snap)).toBe(true)
    expect(Object.isFrozen(snap?.parameters)).toBe(true)
    expect(Object.isFrozen((snap?.parameters.properties as Record<string, unknown> | undefined)?.path)).toBe(true)
    expect(snap).toMatchObject({ name: 'read', description: 'the read tool', timeoutMs: 500 })
    expect(snap?.parameters).toEqual(def.parameters)
    expect(snap?.parameters).not.toBe(def.parameters)
  })

  it('keeps an outputSchema as frozen detached JSON and projects a fresh copy in schemas()', async () => {
    const { ctx } = await boot()
    const outputSchema = { type: 'object', properties: { total: { type: 'number' } } }
    ctx.tools.register(tool('sum', 'sum ok', { outputSchema }))
    const snap = ctx.tools.get('sum')
    expect(snap?.outputSchema).toEqual(outputSchema)
    expect(snap?.outputSchema).not.toBe(outputSchema)
    expect(Object.isFrozen(snap?.outputSchema?.properties)).toBe(true)
    const [schema] = ctx.tools.schemas()
    expect(schema?.outputSchema).toEqual(outputSchema)
    expect(Object.isFrozen(schema?.outputSchema)).toBe(false)
  })

  it('rejects an outputSchema that is not a JSON Schema object, naming the field', async () => {
    const { ctx } = await boot()
    expect(() => ctx.tools.register(tool('bad', 'x', { outputSchema: [] as never }))).toThrow(
      /tool "bad": outputSchema must be a JSON Schema object/,
    )
    expect(() => ctx.tools.register(tool('worse', 'x', { outputSchema: { at: new Date() } as never }))).toThrow(
      /outputSchema must be lossless JSON/,
    )
  })

  it('ignores later mutation of the original definition, including callback replacement', async () => {
    const { ctx } = await boot()
    const def: ToolDefinition & { label: string } = {
      ...tool('t'),
      label: 'original receiver',
      async execute(this: { label: string }) {
        return [{ type: 'text', text: this.label }]
      },
      presentCall() {
        return { card: 'generic', title: 'original' }
      },
    }
    ctx.tools.register(def)
    def.name = 'renamed'
    def.description = 'changed'
    ;(def.parameters as Record<string, unknown>).type = 'array'
    def.execute = async () => [{ type: 'text', text: 'replaced' }]
    def.presentCall = () => ({ card: 'generic', title: 'replaced' })
    def.label = 'mutated receiver'
    const snap = ctx.tools.get('t')
    expect(snap?.description).toBe('the t tool')
    expect(snap?.parameters.type).toBe('object')
    expect(snap?.presentCall?.({})).toEqual({ card: 'generic', title: 'original' })
    // why: bound once to the original definition as receiver: the callback is fixed, `this` is live.
    expect(textOf(await run(ctx, 't'))).toBe('mutated receiver')
    expect(ctx.tools.get('renamed')).toBeUndefined()
  })

  it('rejects parameters that are not lossless JSON, and nothing is registered', async () => {
    const { ctx, changes } = await boot()
    const cyclic: Record<string, unknown> = { type: 'object' }
    cyclic.self = cyclic
    const throwing = Object.defineProperty({ type: 'object' }, 'x', {
      enumerable: true,
      get() {
        throw new Error('getter boom')
      },
    })
    const bad: unknown[] = [
      { n: 1n },
      { d: new Date(0) },
      { n: Number.NaN },
      { u: undefined },
      cyclic,
      throwing,
      ['array'],
      'string',
      undefined,
    ]
    for (const parameters of bad) {
      expect(() => ctx.tools.register({ ...tool('bad'), parameters } as ToolDefinition)).toThrow(RegistryError)
    }
    expect(() => ctx.tools.register({ ...tool('bad'), parameters: { n: 1n } } as never)).toThrow(
      /parameters must be lossless JSON \(\$\.n: BigInt is not JSON\)/,
    )
    expect(ctx.tools.knownNames()).toEqual([])
    expect(changes).toEqual([])
  })

  it('validates name, execute, presentation callbacks and timeoutMs', async () => {
    const { ctx } = await boot()
    const cases: Array<[Partial<Record<string, unknown>>, RegExp]> = [
      [{ name: '' }, /name must be a non-empty string/],
      [{ name: 42 }, /name must be a non-empty string/],
      [{ execute: undefined }, /execute must be a function/],
      [{ execute: 'run' }, /execute must be a function/],
      [{ presentCall: 1 }, /presentCall must be a function/],
      [{ description: 5 }, /description must be a string/],
      [{ timeoutMs: 0 }, /timeoutMs must be a positive finite number/],
      [{ timeoutMs: -1 }, /timeoutMs must be a positive finite number/],
      [{ timeoutMs: Number.POSITIVE_INFINITY }, /timeoutMs must be a positive finite number/],
      [{ timeoutMs: '5' }, /timeoutMs must be a positive finite number/],
    ]
    for (const [patch, message] of cases) {
      expect(() => ctx.tools.register({ ...tool('x'), ...patch } as never)).toThrow(message)
    }
    expect(() => ctx.tools.register(null as never)).toThrow(/definition must be an object/)
    const getter = Object.defineProperty({ ...tool('g') }, 'description', {
      get() {
        throw new Error('no')
      },
    })
    expect(() => ctx.tools.register(getter)).toThrow(/reading description of the definition threw/)
    expect(ctx.tools.knownNames()).toEqual([])
  })
})

describe('tools.register layers and disposal', () => {
  it('throws on a duplicate in one layer, with a hint toward a per-agent variant for globals', async () => {
    const { ctx } = await boot()
    const agent = createAgentScope(ctx)
    ctx.tools.register(tool('dup'))
    expect(() => ctx.tools.register(tool('dup'))).toThrow(
      /already registered globally; to give one agent its own variant, register it from that agent's scoped context/,
    )
    agent.ctx.tools.register(tool('dup', 'agent dup'))
    expect(() => agent.ctx.tools.register(tool('dup'))).toThrow(/already registered in this scope/)
    const error = (() => {
      try {
        ctx.tools.register(tool('dup'))
      } catch (e) {
        return e
      }
    })()
    expect(error).toMatchObject({ name: 'RegistryError', code: 'DUPLICATE_TOOL' })
    expect(textOf(await run(ctx, 'dup', agent.key))).toBe('agent dup')
    expect(textOf(await run(ctx, 'dup'))).toBe('dup ok')
  })

  it('returns a disposer that removes exactly that registration (idempotent)', async () => {
    const { ctx } = await boot()
    const dispose = ctx.tools.register(tool('once'))
    await dispose()
    await dispose()
    expect(ctx.tools.get('once')).toBeUndefined()
    ctx.tools.register(tool('once', 'second'))
    await dispose()
    expect(textOf(await run(ctx, 'once'))).toBe('second')
  })

  it('is disposed with the registering plugin fiber', async () => {
    const { root, ctx } = await boot()
    const fiber = await root.plugin({ inject: ['tools'], apply: (c: Context) => void c.tools.register(tool('owned')) })
    expect(ctx.tools.knownNames()).toEqual(['owned'])
    await fiber.dispose()
    expect(ctx.tools.knownNames()).toEqual([])
    expect((await run(ctx, 'owned')).isError).toBe(true)
  })

  it('re-registers after a tools reload because registrants inject tools', async () => {
    const root = new Context()
    const registry = await root.plugin(ToolRegistry)
    await root.plugin({ inject: ['tools'], apply: (c: Context) => void c.tools.register(tool('again')) })
    const ctx = await pluginCtx(root)
    await registry.dispose()
    await root.plugin(ToolRegistry)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(root.get('tools')?.knownNames()).toEqual(['again'])
    expect(ctx.get('tools')?.get('again')?.name).toBe('again')
  })
})

describe('tools/change', () => {
  it('fires unfiltered on register and unregister, scoped listeners included', async () => {
    const { ctx, changes } = await boot()
    const agent = createAgentScope(ctx)
    const seenByAgent: string[] = []
    agent.ctx.on('tools/change', (c) => void seenByAgent.push(`${c.kind}:${c.names.join()}`))
    const dispose = ctx.tools.register(tool('a'))
    agent.ctx.tools.register(tool('b'))
    await dispose()
    expect(changes.map((c) => [c.kind, c.scope, c.names])).toEqual([
      ['register', undefined, ['a']],
      ['register', agent.key, ['b']],
      ['unregister', undefined, ['a']],
    ])
    expect(Object.isFrozen(changes[0])).toBe(true)
    expect(seenByAgent).toEqual(['register:a', 'register:b', 'unregister:a'])
  })

  it('rolls a registration back when a listener throws, and register() throws that error', async () => {
    const { ctx, root } = await boot()
    const off = root.on('tools/change', () => {
      throw new Error('listener refused')
    })
    expect(() => ctx.tools.register(tool('x'))).toThrow('listener refused')
    off()
    expect(ctx.tools.get('x')).toBeUndefined()
    ctx.tools.register(tool('x'))
    expect(ctx.tools.get('x')?.name).toBe('x')
  })
})

describe('reserved run_code', () => {
  it('is a normal name in native mode', async () => {
    const { ctx } = await boot()
    ctx.tools.register(tool(RUN_CODE))
    expect(ctx.tools.get(RUN_CODE)?.name).toBe('run_code')
  })

  it.each(['code', 'both'] as const)('is refused at registration in %s mode, in every layer', async (mode) => {
    const { ctx } = await boot({ config: { mode } })
    const agent = createAgentScope(ctx)
    expect(() => ctx.tools.register(tool(RUN_CODE))).toThrow(/"run_code" is reserved for the Code Mode transport/)
    expect(() => agent.ctx.tools.register(tool(RUN_CODE))).toThrow(expect.objectContaining({ code: 'RESERVED_NAME' }))
  })
})
