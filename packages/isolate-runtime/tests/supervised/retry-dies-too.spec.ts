// One scenario: a run whose child dies before starting the program, and whose retry's child dies
// before starting it too, ends with `crash` saying so; it is retried only once (RT-42).
import type { RunOrder } from '../../src/engine/run-request.ts'
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, run } from '../helpers.ts'

it('ends with crash when the retry finds a dead child too, and the runtime serves the next run', async () => {
  const app = await bootSupervised({ poolSize: 2 })
  const handOff = ChildHost.prototype.run
  // why: each child is killed just as the run is handed to it, before it can read the run.
  const served = vi.spyOn(ChildHost.prototype, 'run').mockImplementation(function (this: ChildHost, order: RunOrder) {
    process.kill(this.pid as number, 'SIGKILL')
    return handOff.call(this, order)
  })
  try {
    const result = await run(app.runtime, 'return 1')
    expect(result).toEqual({
      logs: [],
      error: {
        kind: 'crash',
        message: expect.stringMatching(/^the runtime process died before the program started \(signal SIGKILL\)/),
      },
      usage: expect.any(Object),
    })
    expect(served).toHaveBeenCalledTimes(2)
    served.mockRestore()
    expect((await run(app.runtime, 'return 2')).value).toBe(2)
    expect(app.runtime.stats()).toMatchObject({ processesLost: 2, runs: 3, runsRetried: 1 })
  } finally {
    served.mockRestore()
    await app.dispose()
  }
}, 30_000)
