// One scenario: a runtime child killed while idle, just as a run is handed to it. The child never
// acknowledged starting the program, so none of it ran: a fresh child runs it (RT-42).
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, run } from '../helpers.ts'

it('runs a program handed to a child that died while idle on a fresh child, transparently', async () => {
  const app = await bootSupervised({ poolSize: 1 })
  const served = vi.spyOn(ChildHost.prototype, 'run')
  try {
    expect((await run(app.runtime, 'return 1')).value).toBe(1)
    const idle = served.mock.contexts[0] as ChildHost
    // why: the run is handed over in the same turn as the kill, before the parent can see the
    // exit, which is the window in which a real idle child's death meets a new run.
    process.kill(idle.pid as number, 'SIGKILL')
    const result = await run(app.runtime, 'console.log("once"); return 6 * 7')
    expect(result).toEqual({ value: 42, logs: ['once'], usage: expect.any(Object) })
    const hosts = served.mock.contexts as ChildHost[]
    expect({ handedTo: hosts.length, fresh: hosts[2] !== idle && hosts[1] === idle }).toEqual({
      handedTo: 3,
      fresh: true,
    })
    expect(app.runtime.stats()).toMatchObject({ processesStarted: 2, processesLost: 1, runs: 3, runsRetried: 1 })
  } finally {
    served.mockRestore()
    await app.dispose()
  }
}, 30_000)
