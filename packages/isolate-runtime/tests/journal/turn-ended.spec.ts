// RT-64: with a journal, `onIdle` reports the end of each program turn only after every binding
// call that turn made reached its binding, on either backend and either resume thread; without a
// journal it is never called. Events only: no clock decides a verdict.
import type { CodeBinding, CodeRunRequest, CodeRuntime } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'
import { boot, bootSupervised } from '../helpers.ts'

// The program: two calls in its first turn (the second after some synchronous work), one in a
// later turn, then the end.
const PROGRAM = `let spin = 0
const both = Promise.all([tools.a({}), (() => { for (let i = 0; i < 2e6; i++) spin += i; return tools.b({}) })()])
await both
await tools.c({})
return spin > 0`

/** Run PROGRAM, noting how many binding calls had reached the host at each reported turn end. */
async function turnsOf(runtime: CodeRuntime, journal: boolean): Promise<{ seen: number[]; ok: boolean }> {
  let calls = 0
  const seen: number[] = []
  const call: CodeBinding = () => {
    calls += 1
    return Promise.resolve(calls)
  }
  const request: CodeRunRequest = {
    program: PROGRAM,
    bindings: [{ global: 'tools', functions: { a: call, b: call, c: call } }],
    onIdle: () => seen.push(calls),
    ...(journal ? { journal: {} } : {}),
  }
  const result = await runtime.run(request)
  return { seen, ok: result.value === true }
}

const backends = [
  ['in-process, isolate thread', () => boot({ cpuMs: 2000, wallMs: 10_000 })],
  ['in-process, host thread', () => boot({ cpuMs: 2000, wallMs: 10_000, resumeOnHostThread: true })],
  ['supervised', () => bootSupervised({ cpuMs: 2000, wallMs: 10_000 })],
] as const

describe.each(backends)('onIdle (%s)', (_name, start) => {
  it('reports each turn end after all of that turn’s calls; not at all without a journal', async () => {
    const { runtime, dispose } = await start()
    try {
      const journaled = await turnsOf(runtime, true)
      expect(journaled.ok).toBe(true)
      // why: the first turn end comes after both calls of the Promise.all, never between them.
      expect(journaled.seen[0]).toBe(2)
      expect(journaled.seen).toContain(3)
      expect(journaled.seen.every((n) => n === 2 || n === 3)).toBe(true)
      const plain = await turnsOf(runtime, false)
      expect(plain).toEqual({ seen: [], ok: true })
    } finally {
      await dispose()
    }
  })
})
