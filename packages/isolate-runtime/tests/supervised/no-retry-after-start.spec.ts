// One scenario: a child that dies after the program started is never retried, because the
// program's binding calls may already have had their effects (RT-42).
import type { CodeBinding } from '@isocode/code-runtime'
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, never, ns, run } from '../helpers.ts'

it('ends with crash and runs the program once when its child dies during a binding call', async () => {
  const app = await bootSupervised({ poolSize: 1 })
  const served = vi.spyOn(ChildHost.prototype, 'run')
  let calls = 0
  const charge: CodeBinding = (args) => {
    calls++
    process.kill((served.mock.contexts.at(-1) as ChildHost).pid as number, 'SIGKILL')
    return never(args)
  }
  try {
    const result = await run(app.runtime, 'console.log("charging"); await tools.charge({}); return "paid"', [
      ns('tools', { charge }),
    ])
    expect(result).toEqual({
      logs: ['charging'],
      error: { kind: 'crash', message: expect.stringMatching(/^the runtime process died \(signal SIGKILL\)/) },
      usage: expect.any(Object),
    })
    expect({ calls, handedTo: served.mock.calls.length }).toEqual({ calls: 1, handedTo: 1 })
    expect(app.runtime.stats()).toMatchObject({ processesLost: 1, runs: 1, runsRetried: 0 })
  } finally {
    served.mockRestore()
    await app.dispose()
  }
}, 30_000)
