import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, run } from './helpers.ts'

describe('console and the output cap', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    app = await boot({ poolSize: 1, outputBytes: 64 })
  })
  afterAll(() => app.dispose())

  it('keeps the logs of a killed run', async () => {
    const result = await run(app.runtime, "console.log('a'); console.warn({ b: [1] }); while (true) {}")
    expect(result).toEqual({
      logs: ['a', '{ b: [ 1 ] }'],
      error: { kind: 'timeout', message: expect.any(String) },
      usage: expect.any(Object),
    })
  })

  it('stops an endless printer at the cap and keeps what fits', async () => {
    const result = await run(app.runtime, "for (let i = 0; ; i++) console.log('line ' + i)")
    expect(result.error?.kind).toBe('output-limit')
    expect(Buffer.byteLength(JSON.stringify(result.logs))).toBeLessThanOrEqual(64)
    expect(result.logs[0]).toBe('line 0')
    expect(await run(app.runtime, 'return 1')).toEqual({ value: 1, logs: [], usage: expect.any(Object) })
  })

  it('counts a long exception message against the cap', async () => {
    const result = await run(app.runtime, "throw new Error('x'.repeat(100))")
    expect(result.error?.kind).toBe('output-limit')
  })

  it('taps each kept log line as it is written, never lines over the cap, and survives a throwing tap', async () => {
    const tapped: string[] = []
    const program =
      "console.log('one'); await null; console.log('two'); for (let i = 0; ; i++) console.log('line ' + i)"
    const result = await app.runtime.run({ program, bindings: [], onLog: (line) => void tapped.push(line) })
    expect(result.error?.kind).toBe('output-limit')
    expect(tapped).toEqual(result.logs)
    const throwing = await app.runtime.run({
      program: "console.log('x'); return 1",
      bindings: [],
      onLog: () => {
        throw new Error('tap bug')
      },
    })
    expect(throwing).toEqual({ value: 1, logs: ['x'], usage: expect.any(Object) })
    await expect(app.runtime.run({ program: 'return 1', bindings: [], onLog: 'no' as never })).rejects.toThrow(
      /request.onLog must be a function/,
    )
  })
})
