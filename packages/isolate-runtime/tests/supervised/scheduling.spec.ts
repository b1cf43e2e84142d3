// One scenario: back-to-back runs go to the process idle the longest, so each child prepares its
// next context while the other serves a run, instead of one child serving every run.
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, run } from '../helpers.ts'

it('alternates sequential runs over a pool of 2 between its two processes', async () => {
  const app = await bootSupervised({ poolSize: 2 })
  // why: the spare starts after start-up (RT-69); wait until it is up.
  await app.runtime.ready()
  const served = vi.spyOn(ChildHost.prototype, 'run')
  try {
    for (let i = 0; i < 4; i++) expect((await run(app.runtime, `return ${i}`)).value).toBe(i)
    const pids = served.mock.contexts.map((host) => (host as ChildHost).pid)
    expect(new Set(pids).size).toBe(2)
    expect(pids).toEqual([pids[0], pids[1], pids[0], pids[1]])
  } finally {
    served.mockRestore()
    await app.dispose()
  }
})
