// One crash-prone scenario: the runtime plugin most users load — the package's default export,
// with no config — survives the Map bomb (isolated-vm #457/#527 abort the whole process that
// hosts the isolate). If the default ever hosts the isolate in this process again, the fork dies
// and this file fails.
import IsolateRuntime, {
  IsolateRuntime as Named,
  isolatedVmLineFor,
  SupervisedIsolateRuntime,
} from '@isocode/isolate-runtime'
import { Context } from 'cordis'
import { expect, it } from 'vitest'

it('ctx.plugin(IsolateRuntime) with no config: the Map bomb is a memory failure and the host lives on', async () => {
  expect(IsolateRuntime).toBe(Named)
  const root = new Context()
  const fiber = await root.plugin(IsolateRuntime)
  try {
    const runtime = root.get('codeRuntime') as SupervisedIsolateRuntime
    expect(runtime).toBeInstanceOf(SupervisedIsolateRuntime)
    expect(runtime.isolation).toBe('process')
    const result = await runtime.run({
      program: "console.log('before')\nconst m = new Map(); for (let i = 0;; i++) m.set(i, { i })",
      bindings: [],
    })
    expect(result.error?.kind).toBe('memory')
    expect(result.logs).toEqual(['before'])
    expect((await runtime.run({ program: 'return 6 * 7', bindings: [] })).value).toBe(42)
    // why: the abort is a fact of the engine line (Node 20-24); Node 26 ends the bomb without losing a process.
    expect(runtime.stats().processesLost).toBe(isolatedVmLineFor()?.abortsOnHashGrowth === false ? 0 : 1)
  } finally {
    await fiber.dispose()
  }
}, 60_000)
