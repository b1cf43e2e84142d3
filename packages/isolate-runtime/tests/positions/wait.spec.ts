// A wall-clock kill of a program that waits names what it waits on and where it asked for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, never, ns, run } from '../helpers.ts'

describe.each([
  ['in-process', boot],
  ['supervised', bootSupervised],
])('%s: a wall-clock kill while the program waits', (_name, start) => {
  let app: Awaited<ReturnType<typeof start>>
  beforeAll(async () => (app = await start()))
  afterAll(() => app.dispose())

  it('names the binding call in flight and its call site', async () => {
    const result = await run(app.runtime, 'const a = 1\n\nawait tools.slow({ a })', [ns('tools', { slow: never })])
    expect(result.error).toEqual({
      kind: 'timeout',
      message: 'wall-clock budget of 500 ms exceeded while waiting on tools.slow (at 3:13)',
    })
  })

  it('names a pending timer when no call is in flight', async () => {
    const result = await run(app.runtime, 'await new Promise((r) => setTimeout(r, 100000))')
    expect(result.error).toEqual({
      kind: 'timeout',
      message: 'wall-clock budget of 500 ms exceeded while waiting on setTimeout (at 1:26)',
    })
  })

  it('prefers a pending call over an older timer', async () => {
    const program = 'setTimeout(() => {}, 100000)\nawait tools.slow()'
    const result = await run(app.runtime, program, [ns('tools', { slow: never })])
    expect(result.error?.message).toBe('wall-clock budget of 500 ms exceeded while waiting on tools.slow (at 2:13)')
  })
})
