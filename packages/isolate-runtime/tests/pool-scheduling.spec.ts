import { expect, it, vi } from 'vitest'
import { boot, run, runHeld } from './helpers.ts'

// why: no timing here; readiness is read from the pool's own counters, so the verdicts hold at
// any machine speed.
const untilPrepared = (runtime: { stats(): { contextsPrepared: number } }, count: number): Promise<void> =>
  vi.waitFor(() => expect(runtime.stats().contextsPrepared).toBeGreaterThanOrEqual(count), {
    timeout: 10_000,
    interval: 5,
  })

it('lends the most recently used isolate whose context is ready', async () => {
  // why: with a recycle every 3 runs, 3 sequential runs recycle an isolate only if they all ran
  // on the same one; lent in turn (oldest first), the two isolates would have 2 and 1 runs.
  const app = await boot({ poolSize: 2, maxRunsPerIsolate: 3 })
  try {
    await untilPrepared(app.runtime, 2)
    for (let i = 1; i <= 3; i++) {
      expect((await run(app.runtime, `return ${i}`)).value).toBe(i)
      // why: each settled run prepares one context (the third on its replacement isolate).
      await untilPrepared(app.runtime, 2 + i)
    }
    const stats = app.runtime.stats()
    expect({ created: stats.isolatesCreated, disposed: stats.isolatesDisposed, runs: stats.runs }).toEqual({
      created: 3,
      disposed: 1,
      runs: 3,
    })
  } finally {
    await app.dispose()
  }
})

it('never counts context preparation in a run usage.cpuMs', async () => {
  // why: one isolate and runs back to back, so every run after the first starts on a context that
  // was still being prepared when it asked. The isolate's CPU clock then splits exactly into the
  // runs' windows, the preparations' windows and the rest: if a run's window took in its
  // context's preparation, the sum below would exceed the isolate's total by about that much.
  const app = await boot({ poolSize: 1, cpuMs: 10_000, wallMs: 60_000 })
  const runs = 12
  let runCpuMs = 0
  try {
    for (let i = 0; i < runs; i++) {
      const result = await run(app.runtime, 'let x = 0; for (let i = 0; i < 20000; i++) x += i; return x')
      expect(result.value).toBe(199990000)
      runCpuMs += result.usage.cpuMs
    }
  } finally {
    await app.dispose()
  }
  const stats = app.runtime.stats()
  expect(stats.contextsPrepared).toBeGreaterThanOrEqual(runs)
  expect(stats.preparationCpuMs).toBeGreaterThan(0)
  expect(stats.isolatesDisposed).toBe(stats.isolatesCreated)
  // why: each run's cpuMs is rounded to 1 µs.
  expect(runCpuMs + stats.preparationCpuMs).toBeLessThanOrEqual(stats.isolateCpuMs + runs * 0.001)
})

it('counts the runs that waited for an isolate in runsQueued, and only those', async () => {
  // why: one isolate, and the first run holds it until its binding is released by hand, so the
  // second run must wait whatever the machine's speed; a third run after a prepared context must not.
  const app = await boot({ poolSize: 1, spareIsolates: 0 })
  try {
    await untilPrepared(app.runtime, 1)
    const held = await runHeld(app.runtime)
    const second = run(app.runtime, 'return 2')
    expect(app.runtime.stats().runsQueued).toBe(0)
    held.release()
    expect((await held.result).value).toBe(1)
    expect((await second).value).toBe(2)
    await untilPrepared(app.runtime, 3)
    expect((await run(app.runtime, 'return 3')).value).toBe(3)
    const { runs, runsQueued } = app.runtime.stats()
    expect({ runs, runsQueued }).toEqual({ runs: 3, runsQueued: 1 })
  } finally {
    await app.dispose()
  }
})
