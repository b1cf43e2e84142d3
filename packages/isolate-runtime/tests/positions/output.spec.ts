// An output-cap kill while the program prints in a loop names the line that prints: the guest's
// console marks every line that may cross the cap with its call site, so no pause is needed and
// both runtimes, on every Node line, name it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, run } from '../helpers.ts'

describe.each([
  ['in-process', boot],
  ['supervised', bootSupervised],
])('%s: an output-cap kill', (_name, start) => {
  let app: Awaited<ReturnType<typeof start>>
  beforeAll(async () => (app = await start()))
  afterAll(() => app.dispose())

  it('names the printing line of a loop over the output cap', async () => {
    const result = await run(
      app.runtime,
      'const line = "x".repeat(100)\nawait null\nfor (let i = 0; ; i++) console.log(i, line)',
    )
    expect(result.error?.kind).toBe('output-limit')
    expect(result.error?.message).toMatch(/^output over the 4096-byte cap .*; print or return less \(at 3:32\)$/)
  })

  it('names no line when the value returned is what overflows (nothing printed near the cap)', async () => {
    const result = await run(app.runtime, 'console.log("small")\nreturn "z".repeat(5000)')
    expect(result.error?.kind).toBe('output-limit')
    expect(result.error?.message).toMatch(/print or return less$/)
    expect(result.logs).toEqual(['small'])
  })
})

it('supervised: an output kill pauses nothing, so no process is retired', async () => {
  const app = await bootSupervised()
  try {
    await run(app.runtime, 'for (;;) console.log("x".repeat(500))')
    expect(app.runtime.stats()).toMatchObject({ processesLost: 0, processesRetired: 0 })
  } finally {
    await app.dispose()
  }
})
