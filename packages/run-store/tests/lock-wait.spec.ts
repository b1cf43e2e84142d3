// a write of the file: store that finds SQLite's write lock held by another process waits
// for it on the event loop (the thread runs on meanwhile) and goes through once the lock is free.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openRunStore } from '../src/open.ts'
import { holdWriteLock } from './held-writer.ts'

let dir: string
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'run-store-lock-'))))
afterAll(() => rm(dir, { recursive: true, force: true }))

it('a write waiting for the lock another process holds lets this thread run, then goes through once it is free', async () => {
  const url = `file:${join(dir, 'waiting.db')}`
  // why: opened first: a writer holding SQLite's write lock would keep a new store from setting up.
  const store = await openRunStore(url)
  // why: the writer holds its group transaction (the write lock) with a blocked thread until killed.
  const writer = await holdWriteLock(url)
  try {
    let settled = false
    const write = store.createRun({ id: 'waiter', code: 'return 1', holder: 'w' }).finally(() => {
      settled = true
    })
    // why: a macrotask after the write began. A thread blocked in SQLite's busy wait would run it
    // only once the write had ended (after the busy timeout, failed); here the write still waits.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(settled).toBe(false)
    await writer.kill()
    expect((await write).id).toBe('waiter')
    expect((await store.getRun('waiter'))?.status).toBe('running')
    // why: the dead writer's lines are applied as before: waiting changed nothing of them.
    expect((await store.listCalls('held')).map((c) => [c.seq, c.state, c.result])).toEqual([
      [1, 'done', 'one'],
      [2, 'started', undefined],
    ])
  } finally {
    await writer.kill()
    await store.close()
  }
})
