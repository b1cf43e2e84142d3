// The runStore plugin's config and lifecycle: a URL that does not parse or a store that
// cannot be reached fails the plugin's start naming `runStore.store`; a store the plugin opened is
// closed when it is disposed, and a store object given to it stays open for its owner.
import { RunStoreService } from '@isocode/registry'
import { openRunStore } from '@isocode/run-store'
import { Context } from 'cordis'
import { afterAll, expect, it } from 'vitest'
import { fileStore } from './app.ts'

const store = await fileStore()
afterAll(() => store.remove())

it('fails the start on a bad URL or an unreachable server, naming the field', async () => {
  const root = new Context()
  await expect(root.plugin(RunStoreService, { store: 'redis://127.0.0.1/0' })).rejects.toMatchObject({
    code: 'INVALID_STORE',
    message: expect.stringMatching(/^runStore\.store: .*redis:/),
  })
  await expect(
    root.plugin(RunStoreService, { store: 'postgres://postgres@127.0.0.1:1/test?schema=nowhere' }),
  ).rejects.toMatchObject({ code: 'INVALID_STORE', message: expect.stringMatching(/^runStore\.store: /) })
  await expect(root.plugin(RunStoreService, { store: 42 } as never)).rejects.toThrow(/store must be a URL/)
  expect(root.get('runStore')).toBeUndefined()
})

it('closes a store it opened on dispose, and leaves a given store open', async () => {
  const root = new Context()
  const fiber = await root.plugin(RunStoreService, { store: store.url })
  const opened = root.runStore.store
  await opened.createRun({ id: 'r1', code: 'return 1', holder: 'test' })
  await fiber.dispose()
  await expect(opened.getRun('r1')).rejects.toMatchObject({ code: 'CLOSED' })

  const own = await openRunStore(store.url)
  try {
    const again = await root.plugin(RunStoreService, { store: own })
    expect(root.runStore.store).toBe(own)
    await again.dispose()
    expect(await own.getRun('r1')).toMatchObject({ id: 'r1' })
  } finally {
    await own.close()
  }
})
