import { expect, it } from 'vitest'
import type { Harness } from './types.ts'

const MiB = 1024 * 1024

/** The key-value state area: JSON values by scope and key, with caps. */
export function stateCases(h: Harness): void {
  it('sets, gets, lists by prefix and deletes JSON values, each scope on its own', async () => {
    const store = await h.store()
    await store.state.set('s1', 'user:1', { name: 'Ada', tags: ['x'] })
    await store.state.set('s1', 'user:2', 42)
    await store.state.set('s1', 'cfg', null)
    await store.state.set('s2', 'user:1', 'other scope')
    expect(await store.state.get('s1', 'user:1')).toEqual({ name: 'Ada', tags: ['x'] })
    expect(await store.state.get('s1', 'cfg')).toBeNull()
    expect(await store.state.get('s1', 'missing')).toBeUndefined()
    expect(await store.state.keys('s1')).toEqual(['cfg', 'user:1', 'user:2'])
    expect(await store.state.keys('s1', 'user:')).toEqual(['user:1', 'user:2'])
    expect(await store.state.keys('s1', 'user%')).toEqual([])
    expect(await store.state.get('s2', 'user:1')).toBe('other scope')
    await store.state.set('s1', 'user:2', 43)
    expect(await store.state.get('s1', 'user:2')).toBe(43)
    expect(await store.state.delete('s1', 'user:2')).toBe(true)
    expect(await store.state.delete('s1', 'user:2')).toBe(false)
    expect(await store.state.keys('s1')).toEqual(['cfg', 'user:1'])
  })

  it('refuses a value that is not JSON, naming the key, and writes nothing', async () => {
    const store = await h.store()
    for (const value of [undefined, Number.POSITIVE_INFINITY, () => 1, { m: new Map() }]) {
      await expect(store.state.set('s', 'k', value as never)).rejects.toMatchObject({
        code: 'NOT_JSON',
        message: expect.stringContaining('"k"'),
      })
    }
    expect(await store.state.keys('s')).toEqual([])
  })

  it('caps a value at 1 MiB by default', async () => {
    const store = await h.store()
    await expect(store.state.set('s', 'big', 'x'.repeat(MiB))).rejects.toMatchObject({
      code: 'VALUE_TOO_LARGE',
      message: expect.stringContaining('1 MiB'),
    })
    await store.state.set('s', 'fits', 'x'.repeat(MiB - 2))
    expect(((await store.state.get('s', 'fits')) as string).length).toBe(MiB - 2)
  })

  it('caps a scope at 16 MiB by default, counting a replaced value once', async () => {
    const store = await h.store()
    const chunk = 'y'.repeat(MiB - 64)
    for (let i = 0; i < 16; i++) await store.state.set('s', `k${i}`, chunk)
    await store.state.set('s', 'k0', chunk)
    await expect(store.state.set('s', 'k16', chunk)).rejects.toMatchObject({
      code: 'STATE_SCOPE_FULL',
      message: expect.stringContaining('16 MiB'),
    })
    expect(await store.state.get('s', 'k16')).toBeUndefined()
    await store.state.set('other', 'k16', chunk)
    await store.state.delete('s', 'k0')
    await store.state.set('s', 'k16', chunk)
    expect((await store.state.keys('s')).length).toBe(16)
  })

  // why: 10,000 writes to one scope take turns on its lock; on a loaded machine with a database
  // server that is a while, and the timeout is only a guard against a hang.
  it('caps a scope at 10,000 keys by default', { timeout: 300_000 }, async () => {
    const store = await h.store()
    for (let i = 0; i < 10_000; i += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, j) => store.state.set('s', `k${i + j}`, i + j)))
    }
    await expect(store.state.set('s', 'one-more', 1)).rejects.toMatchObject({
      code: 'STATE_SCOPE_FULL',
      message: expect.stringContaining('10000 keys'),
    })
    await store.state.set('s', 'k5', 'replacing is fine')
    expect(await store.state.get('s', 'k5')).toBe('replacing is fine')
    expect(await store.state.get('s', 'one-more')).toBeUndefined()
  })

  it('holds the scope caps when writers race', async () => {
    const store = await h.open({ maxStateKeys: 5 })
    const other = await h.open({ maxStateKeys: 5 })
    const writes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? store : other).state.set('s', `k${i}`, i)),
    )
    expect(writes.filter((w) => w.status === 'fulfilled')).toHaveLength(5)
    expect(await store.state.keys('s')).toHaveLength(5)
  })
}
