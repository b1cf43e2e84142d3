// State between runs: programs get, set, delete and list JSON values in the scope the caller
// names; scopes do not see each other; a run that fails keeps what it wrote; the caps of the store
// reach the program as clear errors; a file: store keeps state across a restart.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openRunStore } from '@isocode/run-store'
import { createCodeMode } from 'isocode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'isocode-state-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('state', () => {
  it('keeps values across two runs, in memory when no store is given', async () => {
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {} })
    const write = await cm.run(`await state.set('user:1', { name: 'Ada', tags: ['x'] })
await state.set('user:2', 42)
await state.set('cfg', null)
return await state.keys()`)
    expect(write).toMatchObject({ ok: true, value: ['cfg', 'user:1', 'user:2'] })
    const read = await cm.run(`const user = await state.get<{ name: string }>('user:1')
const gone = await state.delete('user:2')
return { name: user?.name, gone, again: await state.delete('user:2'), keys: await state.keys('user:'), missing: (await state.get('nope')) === undefined }`)
    expect(read).toMatchObject({
      ok: true,
      value: { name: 'Ada', gone: true, again: false, keys: ['user:1'], missing: true },
    })
  })

  it('keeps each scope apart; the default scope is its own', async () => {
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {} })
    await cm.run(`await state.set('k', 'alice')`, { scope: 'alice' })
    await cm.run(`await state.set('k', 'bob')`, { scope: 'bob' })
    expect(await cm.run(`return await state.get('k')`, { scope: 'alice' })).toMatchObject({ value: 'alice' })
    expect(await cm.run(`return await state.get('k')`, { scope: 'bob' })).toMatchObject({ value: 'bob' })
    expect((await cm.run(`return await state.keys()`)).value).toEqual([])
    expect(await cm.tool.execute({ code: `return await state.get('k')` }, { scope: 'bob' })).toMatchObject({
      value: 'bob',
    })
    await expect(cm.run(`return 1`, { scope: '' })).rejects.toMatchObject({
      code: 'INVALID_ARGS',
      message: expect.stringContaining('options.scope'),
    })
  })

  it('keeps what a run wrote before it failed', async () => {
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {} })
    const failed = await cm.run(`await state.set('progress', 3)
throw new Error('later failure')`)
    expect(failed.ok).toBe(false)
    expect(await cm.run(`return await state.get('progress')`)).toMatchObject({ ok: true, value: 3 })
  })

  it('refuses values that are not JSON and values over the cap, naming the key, and writes nothing', async () => {
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {} })
    const result = await cm.run(`const errors: string[] = []
for (const attempt of [
  () => state.set('f', (() => 1) as never),
  () => state.set('u', undefined),
  () => state.set('big', 'x'.repeat(1024 * 1024)),
  () => state.set('', 1),
]) {
  try { await attempt() } catch (e) { errors.push((e as Error).message) }
}
return { errors, keys: await state.keys() }`)
    expect(result.ok).toBe(true)
    const { errors, keys } = result.value as { errors: string[]; keys: string[] }
    expect(errors).toHaveLength(4)
    expect(errors[0]).toContain('not lossless JSON')
    expect(errors[1]).toContain('state.set(key, value): value must be JSON, got undefined')
    expect(errors[2]).toMatch(/state\.set: state value of "big" is .* over the cap of 1 MiB a value/)
    expect(errors[3]).toContain('state.set(key): key must be a non-empty string')
    expect(keys).toEqual([])
  })

  it('caps a scope at its key and byte limits with a clear error', async () => {
    const store = await openRunStore('memory:', { maxStateKeys: 2, maxStateScopeBytes: 64 })
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {}, store })
    const keys = await cm.run(`await state.set('a', 1)
await state.set('b', 2)
try { await state.set('c', 3) } catch (e) { return (e as Error).message }`)
    expect(keys.value).toContain('state.set: state scope "default" has 2 keys, the cap (maxStateKeys)')
    const bytes = await cm.run(
      `try { await state.set('a', 'y'.repeat(80)) } catch (e) { return (e as Error).message }`,
      {
        scope: 'other',
      },
    )
    expect(bytes.value).toContain('over the cap of 64 B a scope (maxStateScopeBytes)')
    await store.close()
  })

  it('keeps state in a file: store across a restart', async () => {
    const store = `file:${join(dir, 'state.db')}`
    const first = await createCodeMode({ isolation: 'isolate', tools: {}, store })
    await first.run(`await state.set('fetched', { rows: [1, 2, 3] })`, { scope: 'session-1' })
    await first.close()
    await using second = await createCodeMode({ isolation: 'isolate', tools: {}, store })
    expect(await second.run(`return await state.get('fetched')`, { scope: 'session-1' })).toMatchObject({
      ok: true,
      value: { rows: [1, 2, 3] },
    })
  })
})
