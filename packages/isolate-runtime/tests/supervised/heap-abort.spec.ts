// One scenario: a program that makes V8 abort its process (isolated-vm #457/#527) under the
// supervised runtime. Only that program's process dies; the host and the other run are unharmed.
import type { CodeBinding } from '@isocode/code-runtime'
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootSupervised, ns, run, sleep } from '../helpers.ts'

const rejections: unknown[] = []
process.on('unhandledRejection', (reason) => void rejections.push(reason))

// why: the abort is a fact of the engine line (Node 20-24); on Node 26 the same program is an
// ordinary heap bomb, which ends with `memory` and costs no process.
const aborts = isolatedVmLineFor()?.abortsOnHashGrowth !== false

const slow: CodeBinding = async () => (await sleep(400), 'slow done')

let app: Awaited<ReturnType<typeof bootSupervised>>
beforeAll(async () => {
  app = await bootSupervised({ poolSize: 2, memoryMb: 16, cpuMs: 10_000, wallMs: 15_000 })
})
afterAll(() => app.dispose())

it('ends only the aborting run, with memory and its logs, and replaces its process', async () => {
  const innocent = run(app.runtime, 'console.log("waiting"); return await tools.slow({})', [ns('tools', { slow })])
  const bomb = run(
    app.runtime,
    'console.log("before")\nconst keep = new Map<number, object>()\nfor (let i = 0; ; i++) keep.set(i, { i, s: "x" + i })',
  )
  const aborted = await bomb
  expect(aborted).toEqual({
    logs: ['before'],
    error: {
      kind: 'memory',
      message: expect.stringMatching(
        aborts
          ? /^the program exceeded the memory limit of 16 MB \(memoryMb\): V8 aborted its runtime process \(signal SIGABRT\)/
          : /memory limit/,
      ),
    },
    usage: expect.any(Object),
  })
  // why: when the child died, its CPU clock died with it; the run's wall time stands in as the upper bound.
  expect(aborts ? aborted.usage.cpuMs : aborted.usage.wallMs).toBe(aborted.usage.wallMs)
  expect(aborted.usage.cpuMs).toBeGreaterThan(0)
  expect(await innocent).toEqual({ value: 'slow done', logs: ['waiting'], usage: expect.any(Object) })
  const next = await Promise.all([run(app.runtime, 'return 1 + 1'), run(app.runtime, 'return 2 + 2')])
  expect(next).toEqual([
    { value: 2, logs: [], usage: expect.any(Object) },
    { value: 4, logs: [], usage: expect.any(Object) },
  ])
  expect({ stats: app.runtime.stats(), rejections }).toMatchObject({
    stats: aborts
      ? { processesStarted: 3, processesLost: 1, processesRetired: 0, runs: 4 }
      : { processesStarted: 2, processesLost: 0, processesRetired: 0, runs: 4 },
    rejections: [],
  })
})
