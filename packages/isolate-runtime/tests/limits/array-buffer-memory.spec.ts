// An array buffer the memory limit refuses (`new Uint8Array(1e9)`: V8 throws "RangeError: Array
// buffer allocation failed") ends the run as `memory`, naming the limit and the line, on both
// runtimes (rule RT-25); a program that catches it goes on, and the isolate keeps serving.
import { describe, expect, it } from 'vitest'
import { boot, bootSupervised, run } from '../helpers.ts'

const budgets = { poolSize: 1, memoryMb: 16, cpuMs: 10_000, wallMs: 10_000 }

describe.each([
  ['in-process', boot],
  ['supervised', bootSupervised],
] as const)('%s', (_name, start) => {
  it('an uncaught allocation failure is memory, with the limit and the line:col; a caught one is not', async () => {
    const app = await start(budgets)
    try {
      const filling = await run(
        app.runtime,
        "console.log('before')\nconst keep: Uint8Array[] = []\nfor (let i = 0; i < 100; i++) keep.push(new Uint8Array(1e9))",
      )
      expect(filling.error).toEqual({
        kind: 'memory',
        message:
          'the program exceeded the memory limit of 16 MB (memoryMb): an array buffer could not be allocated (at 3:41)',
      })
      expect(filling.logs).toEqual(['before'])
      const caught = await run(app.runtime, 'try {\n  new Uint8Array(1e9)\n} catch (e) {\n  return String(e)\n}')
      expect(caught.value).toBe('RangeError: Array buffer allocation failed')
      expect((await run(app.runtime, 'return 1')).value).toBe(1)
    } finally {
      await app.dispose()
    }
  }, 30_000)
})
