// The supervised child runs a program's code after a settled binding call on its own main thread
// (RunBudgets.resumeOnHostThread): there isolated-vm's timeout ends an overrun, nothing is paused,
// and the message names the call the code resumed from. Every Node line behaves the same.
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootSupervised, echo, ns, run } from '../helpers.ts'

describe('supervised: code resumed after a binding call', () => {
  let app: Awaited<ReturnType<typeof bootSupervised>>
  beforeAll(async () => (app = await bootSupervised({ wallMs: 5_000 })))
  afterAll(() => app.dispose())

  it('names the call a CPU loop resumed from, and keeps the lines it printed first', async () => {
    const program = 'const a = await tools.echo({ n: 1 })\nconsole.log("resumed", a.n)\nfor (;;) {}'
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect({ error: result.error, logs: result.logs }).toEqual({
      error: { kind: 'timeout', message: 'CPU budget of 100 ms exceeded after tools.echo settled (at 1:23)' },
      logs: ['resumed 1'],
    })
  })

  it('names the wall-clock budget when it is the one that runs out first', async () => {
    const tight = await bootSupervised({ cpuMs: 4_000, wallMs: 4_000 })
    try {
      // why: the program sleeps most of its wall budget away, so what is left of it is below the CPU left.
      const program = 'await new Promise((r) => setTimeout(r, 3_800))\nawait tools.echo({})\nwhile (true) {}'
      const result = await run(tight.runtime, program, [ns('tools', { echo })])
      expect(result.error).toEqual({
        kind: 'timeout',
        message: 'wall-clock budget of 4000 ms exceeded after tools.echo settled (at 2:13)',
      })
    } finally {
      await tight.dispose()
    }
  })

  it('ends a printing loop at the output cap, naming the printing line, without a flood', async () => {
    const program = 'await tools.echo({})\nconst line = "y".repeat(50)\nfor (let i = 0; ; i++) console.log(i, line)'
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect(result.error?.kind).toBe('output-limit')
    expect(result.error?.message).toMatch(/^output over the 4096-byte cap .*; print or return less \(at 3:\d+\)$/)
    // why: the console stops the program once the cap is surely crossed; the lines kept fit the cap.
    expect(JSON.stringify(result.logs).length).toBeLessThanOrEqual(4096)
  })

  it('runs 200 sequential calls with results in order, and no process was lost or retired', async () => {
    const program = 'let s = ""\nfor (let i = 0; i < 200; i++) s += (await tools.echo({ i })).i % 10\nreturn s'
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect(result.value).toBe('0123456789'.repeat(20))
    expect(app.runtime.stats()).toMatchObject({ processesLost: 0, processesRetired: 0 })
  })

  it('ends heap exhaustion in code after a call as memory, with the lines printed before it', async () => {
    // why: filling 32 MB and the GC thrash before the limit cost CPU time that grows on a loaded
    // machine; a CPU budget far above it keeps the verdict `memory` at any speed.
    const roomy = await bootSupervised({ cpuMs: 20_000, wallMs: 30_000 })
    try {
      const program =
        'await tools.echo({})\nconsole.log("before")\nconst keep: number[][] = []\nfor (;;) keep.push(new Array(1_000_000).fill(keep.length))'
      const result = await run(roomy.runtime, program, [ns('tools', { echo })])
      expect({ kind: result.error?.kind, logs: result.logs }).toEqual({ kind: 'memory', logs: ['before'] })
      expect((await run(roomy.runtime, 'return 3')).value).toBe(3)
    } finally {
      await roomy.dispose()
    }
  })
})

it('supervised with resumeOnHostThread: false: that code runs on the isolate thread, paused to name the loop', async () => {
  const app = await bootSupervised({ resumeOnHostThread: false })
  try {
    const result = await run(app.runtime, 'await tools.echo({})\nlet x = 0\nfor (;;) x++', [ns('tools', { echo })])
    // why: without a pause (Node 26, see IsolatedVmLine.pausesToLocate) the message names no line.
    const at = isolatedVmLineFor()?.pausesToLocate === true ? ' (at 3:1)' : ''
    expect(result.error).toEqual({ kind: 'timeout', message: `CPU budget of 100 ms exceeded${at}` })
  } finally {
    await app.dispose()
  }
})
