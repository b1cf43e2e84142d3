import { Context } from 'cordis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkerRuntime } from '@isocode/worker-runtime'
import type { CodeRuntime } from '@isocode/code-runtime'

// why: the worker's realm offers performance.now() and crypto, which the isolate guests do not;
// rule RT-49 journals them where they are offered: the clocks share `clock`, crypto's bytes `random`.
describe('WorkerRuntime journal of performance.now and crypto (RT-49)', () => {
  let runtime: CodeRuntime
  let dispose: () => Promise<void>

  beforeAll(async () => {
    const root = new Context()
    const fiber = await root.plugin(WorkerRuntime, { cpuMs: 2_000, wallMs: 10_000 })
    runtime = root.get('codeRuntime') as CodeRuntime
    dispose = async () => void (await fiber.dispose())
  })
  afterAll(() => dispose())

  it('replays performance.now(), crypto.getRandomValues and crypto.randomUUID from the journal', async () => {
    const program = [
      'const bytes = Array.from(crypto.getRandomValues(new Uint8Array(8)))',
      'const uuid = crypto.randomUUID()',
      'const t = performance.now()',
      'await new Promise((resolve) => setTimeout(resolve, 5))',
      'return { bytes, uuid, t, later: performance.now() }',
    ].join('\n')
    const recorded = await runtime.run({ program, bindings: [], journal: {} })
    expect(recorded.error).toBeUndefined()
    const value = recorded.value as { bytes: number[]; uuid: string; t: number; later: number }
    expect(value.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(recorded.journal?.clock).toEqual([value.t, value.later])
    expect(recorded.journal?.random).toHaveLength(8 + 16)
    expect(recorded.journal?.random.slice(0, 8)).toEqual(value.bytes.map((byte) => byte / 256))

    const replayed = await runtime.run({ program, bindings: [], journal: recorded.journal })
    expect(replayed.error).toBeUndefined()
    expect(replayed.value).toEqual(recorded.value)
  })
})
