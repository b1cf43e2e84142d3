import { expect, it, vi } from 'vitest'
import { boot, run, runHeld, sleep } from './helpers.ts'

// why: no timing decides a verdict here: spares are read from the pool's own counters, and each
// scenario is built so that its outcome is the same at any machine speed.

it('adds no spare for runs that wait because the pool is busy', async () => {
  const app = await boot({ poolSize: 1, spareIsolates: 3 })
  try {
    const held = await runHeld(app.runtime)
    // why: the only run allowed at once holds the isolate, so these two wait for a place, not a context.
    const waiting = [run(app.runtime, 'return 2'), run(app.runtime, 'return 3')]
    await sleep(20)
    expect({ added: app.runtime.stats().sparesAdded, created: app.runtime.stats().isolatesCreated }).toEqual({
      added: 0,
      created: 1,
    })
    held.release()
    expect((await held.result).value).toBe(1)
    expect((await Promise.all(waiting)).map((result) => result.value)).toEqual([2, 3])
  } finally {
    await app.dispose()
  }
})

it('adds spares, at most spareIsolates, when back-to-back runs find no context ready', async () => {
  // why: the settled run's isolate is given back a turn after its result, so the next run started
  // at once never finds it idle: with one isolate, it must wait for a context.
  const app = await boot({ poolSize: 1, spareIsolates: 2 })
  try {
    for (let i = 0; i < 30; i++) expect((await run(app.runtime, `return ${i}`)).value).toBe(i)
    const stats = app.runtime.stats()
    expect(stats.sparesAdded).toBeGreaterThanOrEqual(1)
    expect(stats.sparesAdded).toBeLessThanOrEqual(2)
    expect(stats.isolatesCreated).toBe(1 + stats.sparesAdded)
    expect(stats.runs).toBe(30)
  } finally {
    await app.dispose()
  }
  const after = app.runtime.stats()
  expect(after.isolatesDisposed).toBe(after.isolatesCreated)
})

it('disposes a spare that sat unused for spareIdleMs, and keeps poolSize isolates', async () => {
  const app = await boot({ poolSize: 1, spareIsolates: 1, spareIdleMs: 50 })
  try {
    for (let i = 0; i < 5; i++) expect((await run(app.runtime, `return ${i}`)).value).toBe(i)
    expect(app.runtime.stats().sparesAdded).toBe(1)
    await vi.waitFor(() => expect(app.runtime.stats().sparesRetired).toBe(1), { timeout: 10_000, interval: 10 })
    const stats = app.runtime.stats()
    expect(stats.isolatesCreated - stats.isolatesDisposed).toBe(1)
    // why: the pool still serves runs on the isolate it kept.
    expect((await run(app.runtime, 'return 42')).value).toBe(42)
  } finally {
    await app.dispose()
  }
})
