import { expect, it } from 'vitest'
import type { Harness } from './types.ts'

/** Saved programs: save, replace with the next version, get, list, delete. */
export function programCases(h: Harness): void {
  it('saves a program and replaces it with the next version, keeping its creation time', async () => {
    const store = await h.store()
    const first = await store.programs.save({
      name: 'weeklyReport',
      code: 'return 1',
      description: 'Sums the week',
      inputSchema: { type: 'object', properties: { week: { type: 'integer' } } },
      toolHashes: { read: 'h1' },
    })
    expect(first).toMatchObject({
      name: 'weeklyReport',
      version: 1,
      createdAt: h.clock.now,
      toolHashes: { read: 'h1' },
    })
    h.clock.tick(10)
    const second = await store.programs.save({
      name: 'weeklyReport',
      code: 'return 2',
      description: 'v2',
      toolHashes: {},
    })
    expect(second).toMatchObject({ version: 2, code: 'return 2', createdAt: first.createdAt, updatedAt: h.clock.now })
    expect(second.inputSchema).toBeUndefined()
    expect(await store.programs.get('weeklyReport')).toEqual(second)
    expect(await store.programs.get('nope')).toBeUndefined()
  })

  it('lists programs by name and deletes them', async () => {
    const store = await h.store()
    for (const name of ['zeta', 'alpha', 'mid']) {
      await store.programs.save({ name, code: '', description: name, toolHashes: {} })
    }
    expect((await store.programs.list()).map((p) => p.name)).toEqual(['alpha', 'mid', 'zeta'])
    expect(await store.programs.delete('mid')).toBe(true)
    expect(await store.programs.delete('mid')).toBe(false)
    expect((await store.programs.list()).map((p) => p.name)).toEqual(['alpha', 'zeta'])
  })

  it('refuses a malformed program, naming the field, and saves nothing', async () => {
    const store = await h.store()
    await expect(store.programs.save({ name: '', code: '', description: '', toolHashes: {} })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('program.name'),
    })
    await expect(
      store.programs.save({ name: 'p', code: '', description: '', toolHashes: { t: 1 as never } }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('toolHashes') })
    await expect(
      store.programs.save({ name: 'p', code: '', description: '', inputSchema: { x: Number.NaN }, toolHashes: {} }),
    ).rejects.toMatchObject({ code: 'NOT_JSON' })
    expect(await store.programs.list()).toEqual([])
  })
}
