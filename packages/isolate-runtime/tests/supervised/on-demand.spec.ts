// One scenario: the supervised pool starts one process and a spare; the run after a process died
// under a program is served by the spare that was already up, and the pool grows with the runs in
// flight up to `poolSize`, never beyond it, so it still bounds the runs at once (RT-69).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { CodeBinding } from '@isocode/code-runtime'
import { expect, it, vi } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { bootSupervised, ns, run } from '../helpers.ts'

/** This process's child pids, from /proc (Linux). */
function childPids(): Set<number> {
  const words = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/),
  )
  return new Set(words.filter((word) => word !== '').map(Number))
}

it.runIf(existsSync('/proc/self/task'))(
  'serves the run after a death from the spare and grows on demand within poolSize',
  async () => {
    const app = await bootSupervised({ poolSize: 4, cpuMs: 5_000, wallMs: 60_000 })
    const served = vi.spyOn(ChildHost.prototype, 'run')
    try {
      // why: one process served the start, and the spare was started once it was ready.
      expect(app.runtime.stats().processesStarted).toBe(2)
      await app.runtime.ready()

      const up = childPids()
      const die: CodeBinding = () => {
        process.kill((served.mock.contexts.at(-1) as ChildHost).pid as number, 'SIGKILL')
        return new Promise(() => {})
      }
      const crashed = await run(app.runtime, 'await tools.die({}); return 1', [ns('tools', { die })])
      expect(crashed.error?.kind).toBe('crash')
      expect((await run(app.runtime, 'return 2')).value).toBe(2)
      // why: the next run took a process that was up before the death, not one started after it.
      expect(up.has((served.mock.contexts.at(-1) as ChildHost).pid as number)).toBe(true)
      // why: one process is left, so a replacement starts to be the next spare.
      expect(app.runtime.stats()).toMatchObject({ processesStarted: 3, processesLost: 1 })

      let inside = 0
      let most = 0
      let open!: () => void
      const opened = new Promise<null>((resolve) => (open = () => resolve(null)))
      let fourIn!: () => void
      const four = new Promise<void>((resolve) => (fourIn = resolve))
      const gate: CodeBinding = async () => {
        most = Math.max(most, ++inside)
        if (inside === 4) fourIn()
        await opened
        inside--
        return null
      }
      const held = Array.from({ length: 8 }, (_, i) =>
        run(app.runtime, `await tools.gate({}); return ${i}`, [ns('tools', { gate })]),
      )
      await four
      // why: eight runs at once want eight processes; poolSize 4 caps the live ones (two were up
      // after the death), and so the runs at once.
      expect(app.runtime.stats().processesStarted).toBe(5)
      open()
      expect((await Promise.all(held)).map((result) => result.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
      expect(most).toBe(4)
    } finally {
      served.mockRestore()
      await app.dispose()
    }
  },
  60_000,
)
