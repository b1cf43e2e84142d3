import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { createAgentScope, scopeOf, scopeTarget } from '@isocode/harness'
import type { ScopeKey } from '@isocode/harness'
import { plainPlugin } from './helpers.ts'

declare module 'cordis' {
  interface Events {
    'test/ping'(this: unknown, value: string): void
    'test/wrap'(this: unknown, value: string, next: () => string): string
  }
}

describe('createAgentScope', () => {
  it('tags a child context with a fresh frozen key, readable by scopeOf and inherited by derived contexts', async () => {
    const root = new Context()
    const owner = await plainPlugin(root)
    const a = createAgentScope(owner)
    const b = createAgentScope(owner)
    expect(scopeOf(owner)).toBeUndefined()
    expect(scopeOf(a.ctx)).toBe(a.key)
    expect(scopeOf(b.ctx)).toBe(b.key)
    expect(a.key).not.toBe(b.key)
    expect(Object.isFrozen(a.key)).toBe(true)
    expect(Object.keys(a.key)).toEqual([])
    expect(Object.getPrototypeOf(a.key)).toBeNull()
    expect(Object.isFrozen(a)).toBe(true)
    expect(scopeOf(a.ctx.extend({ other: 1 }))).toBe(a.key)
    let nested: Context | undefined
    await a.ctx.plugin((c: Context) => {
      nested = c
    })
    expect(nested && scopeOf(nested)).toBe(a.key)
  })

  it('dispose() runs the effects and removes the listeners registered through the scope, idempotently', async () => {
    const root = new Context()
    const owner = await plainPlugin(root)
    const scope = createAgentScope(owner)
    const disposed: string[] = []
    const heard: string[] = []
    scope.ctx.effect(() => () => void disposed.push('effect'))
    scope.ctx.on('test/ping', (v) => void heard.push(v))
    root.emit('test/ping', 'before')
    const first = scope.dispose()
    const second = scope.dispose()
    expect(first).toBe(second)
    await first
    root.emit('test/ping', 'after')
    expect(disposed).toEqual(['effect'])
    expect(heard).toEqual(['before'])
    expect(() => scope.ctx.effect(() => () => {})).toThrow(/inactive/)
  })

  it('is disposed with its owner, and dispose() afterwards still resolves', async () => {
    const root = new Context()
    const disposed: string[] = []
    let scopeDispose: (() => Promise<void>) | undefined
    const fiber = await root.plugin((owner: Context) => {
      const scope = createAgentScope(owner)
      scope.ctx.effect(() => () => void disposed.push('scoped'))
      scopeDispose = scope.dispose
    })
    await fiber.dispose()
    expect(disposed).toEqual(['scoped'])
    await expect(scopeDispose?.()).resolves.toBeUndefined()
  })
})

async function setup() {
  const root = new Context()
  const owner = await plainPlugin(root)
  const a = createAgentScope(owner)
  const b = createAgentScope(owner)
  const heard: string[] = []
  owner.on('test/ping', (v) => void heard.push(`global:${v}`))
  a.ctx.on('test/ping', (v) => void heard.push(`a:${v}`))
  b.ctx.on('test/ping', (v) => void heard.push(`b:${v}`))
  return { root, a, b, heard }
}

describe('scopeTarget', () => {
  it('runs global listeners always and scoped listeners only for their own scope', async () => {
    const { root, a, b, heard } = await setup()
    root.emit(scopeTarget(a.key), 'test/ping', '1')
    root.emit(scopeTarget(b.key), 'test/ping', '2')
    root.emit(scopeTarget(undefined), 'test/ping', '3')
    expect(heard).toEqual(['global:1', 'a:1', 'global:2', 'b:2', 'global:3'])
  })

  it('filters waterfalls the same way', async () => {
    const { root, a } = await setup()
    root.on('test/wrap', (v, next) => `g(${next()})`)
    a.ctx.on('test/wrap', (v, next) => `a(${next()})`)
    expect(root.waterfall(scopeTarget(a.key), 'test/wrap', 'x', () => 'x')).toBe('g(a(x))')
    expect(root.waterfall(scopeTarget(undefined), 'test/wrap', 'x', () => 'x')).toBe('g(x)')
  })

  it('returns one frozen carrier per scope that names it', async () => {
    const { a } = await setup()
    const target = scopeTarget(a.key)
    expect(scopeTarget(a.key)).toBe(target)
    expect(target.scope).toBe(a.key)
    expect(Object.isFrozen(target)).toBe(true)
    expect(scopeTarget(undefined).scope).toBeUndefined()
    const stranger = Object.freeze(Object.create(null)) as ScopeKey
    expect(scopeTarget(stranger)).not.toBe(target)
  })
})
