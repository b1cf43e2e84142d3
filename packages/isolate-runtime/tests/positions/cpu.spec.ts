// A CPU-budget kill names the line the program was executing. The process-isolated runtime pauses
// the isolate through the V8 inspector, then retires its process; in-process nothing is paused (a
// paused isolate cannot be disposed safely), so the message names no position.
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, run } from '../helpers.ts'

// why: the pause is a fatal V8 error on some lines (Node 26); there the child kills without it.
const pauses = isolatedVmLineFor()?.pausesToLocate === true
const at = (position: string): string => (pauses ? ` (at ${position})` : '')

describe('supervised: a CPU-budget kill', () => {
  let app: Awaited<ReturnType<typeof bootSupervised>>
  beforeAll(async () => (app = await bootSupervised()))
  afterAll(() => app.dispose())

  it('names the line of a synchronous loop', async () => {
    const result = await run(app.runtime, 'const a: number = 1\nlet x = 0\nwhile (true) { x++ }\nreturn a')
    expect(result.error).toEqual({ kind: 'timeout', message: `CPU budget of 100 ms exceeded${at('3:1')}` })
  })

  it('names the loop inside a function called after an await', async () => {
    const result = await run(app.runtime, 'function spin(): void {\n  for (;;) {}\n}\nawait null\nspin()')
    expect(result.error).toEqual({ kind: 'timeout', message: `CPU budget of 100 ms exceeded${at('2:3')}` })
  })

  it('retires each paused process by design (not a loss) and keeps serving from replacements', async () => {
    expect((await run(app.runtime, 'return 6 * 7')).value).toBe(42)
    expect(app.runtime.stats()).toMatchObject({ processesLost: 0, processesRetired: pauses ? 2 : 0 })
  })
})

describe('in-process: a CPU-budget kill', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => (app = await boot()))
  afterAll(() => app.dispose())

  it('disposes the isolate without pausing it, so the message names no position', async () => {
    const result = await run(app.runtime, 'let x = 0\nwhile (true) { x++ }')
    expect({ error: result.error, abandoned: app.runtime.stats().isolatesAbandoned }).toEqual({
      error: { kind: 'timeout', message: 'CPU budget of 100 ms exceeded' },
      abandoned: 0,
    })
  })
})
