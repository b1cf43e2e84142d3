// One scenario: a terminal's Ctrl-C signals the whole foreground process group, runtime children
// included. The child ignores SIGINT (its parent decides whether the run is aborted), so the run
// goes on and ends as its program says (RT-32).
import type { CodeBinding } from '@isocode/code-runtime'
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, ns, run } from '../helpers.ts'

it('finishes the run when its child process gets SIGINT during a binding call', async () => {
  const app = await bootSupervised({ poolSize: 1 })
  const served = vi.spyOn(ChildHost.prototype, 'run')
  const charge: CodeBinding = async () => {
    process.kill((served.mock.contexts.at(-1) as ChildHost).pid as number, 'SIGINT')
    // why: the default action of SIGINT ends a process the moment it is delivered; give it a turn.
    await new Promise((resolve) => setTimeout(resolve, 100))
    return 'ok'
  }
  try {
    const result = await run(app.runtime, 'const paid = await tools.charge({}); console.log(paid); return "paid"', [
      ns('tools', { charge }),
    ])
    expect(result).toEqual({ value: 'paid', logs: ['ok'], usage: expect.any(Object) })
    expect(app.runtime.stats()).toMatchObject({ processesLost: 0, runs: 1 })
  } finally {
    served.mockRestore()
    await app.dispose()
  }
}, 30_000)
