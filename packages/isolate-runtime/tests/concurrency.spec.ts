// A namespace's concurrent members overlap up to its limit; every other call still runs alone, and
// calls start in call order. Both backends.
import type { CodeBinding, JsonValue } from '@isocode/code-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, run, sleep } from './helpers.ts'

function probe() {
  const seen = { order: [] as string[], inFlight: 0, max: 0, alone: [] as boolean[] }
  const make =
    (kind: string): CodeBinding =>
    async (args) => {
      seen.inFlight++
      seen.max = Math.max(seen.max, seen.inFlight)
      seen.order.push(`${kind}${String(args)}`)
      await sleep(20)
      if (kind === 'serial') seen.alone.push(seen.inFlight === 1)
      seen.inFlight--
      return args as JsonValue
    }
  const functions = Object.assign(Object.create(null) as Record<string, CodeBinding>, {
    fast: make('fast'),
    serial: make('serial'),
  })
  return { seen, namespace: { global: 'tools', functions, concurrent: { members: ['fast'], limit: 3 } } }
}

describe.each([
  ['InProcessIsolateRuntime', boot],
  ['SupervisedIsolateRuntime', bootSupervised],
] as const)('concurrent bindings on %s', (_name, start) => {
  let app: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    app = await start({ poolSize: 1, cpuMs: 1_000, wallMs: 5_000 })
  })
  afterAll(() => app.dispose())

  it('runs up to the limit of concurrent calls at once, started in call order', async () => {
    const { seen, namespace } = probe()
    const result = await run(app.runtime, 'return await Promise.all([1, 2, 3, 4, 5, 6].map((i) => tools.fast(i)))', [
      namespace,
    ])
    expect(result).toEqual({ value: [1, 2, 3, 4, 5, 6], logs: [], usage: expect.any(Object) })
    expect(seen.max).toBe(3)
    expect(seen.order).toEqual(['fast1', 'fast2', 'fast3', 'fast4', 'fast5', 'fast6'])
  })

  it('runs any other call alone, in call order between the concurrent ones', async () => {
    const { seen, namespace } = probe()
    const program =
      'return await Promise.all([tools.fast(1), tools.fast(2), tools.serial(3), tools.fast(4), tools.serial(5)])'
    expect(await run(app.runtime, program, [namespace])).toEqual({
      value: [1, 2, 3, 4, 5],
      logs: [],
      usage: expect.any(Object),
    })
    expect(seen.order).toEqual(['fast1', 'fast2', 'serial3', 'fast4', 'serial5'])
    expect(seen.alone).toEqual([true, true])
  })

  it('refuses a concurrent member that is not a function of the namespace', async () => {
    const { namespace } = probe()
    await expect(
      app.runtime.run({
        program: 'return 1',
        bindings: [{ ...namespace, concurrent: { members: ['nope'], limit: 2 } }],
      }),
    ).rejects.toThrow('namespace "tools": concurrent member "nope" is not one of its functions')
  })
})
