// A runtime child that stops answering (here: SIGSTOP) cannot hold a run past its budgets: the
// parent's backstops end the run and kill the process.
import type { CodeRunResult } from '@isocode/code-runtime'
import { resolveConfig } from '@isocode/isolate-runtime'
import { expect, it } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import type { ChildExit } from '../../src/supervised/child-exit.ts'
import { never, ns } from '../helpers.ts'
import { orderOf } from './scripted.ts'

async function stoppedRun(
  abort = false,
  before?: (host: ChildHost) => Promise<void>,
): Promise<{ result: CodeRunResult; events: string[]; exit: Promise<ChildExit> }> {
  const events: string[] = []
  let exited!: (exit: ChildExit) => void
  const exit = new Promise<ChildExit>((resolve) => (exited = resolve))
  const host = new ChildHost(resolveConfig({ poolSize: 1, cpuMs: 200, wallMs: 1000 }), {
    idle: () => events.push('idle'),
    exited: (_host, info, started) => (events.push(`exited started=${started}`), exited(info)),
  })
  await host.ready
  await before?.(host)
  const controller = new AbortController()
  let logged!: () => void
  const hi = new Promise<void>((resolve) => (logged = resolve))
  const pending = host.run(
    orderOf({
      program: 'console.log("hi"); await tools.never({})',
      bindings: [ns('tools', { never })],
      signal: controller.signal,
      onLog: () => logged(),
    }),
  )
  // why: stopped once its log reached the parent, i.e. while it awaits the binding, however
  // fast or slow the machine is; a fixed sleep could stop it before it ran or after its budget.
  await hi
  process.kill(host.pid as number, 'SIGSTOP')
  if (abort) controller.abort(new Error('user stop'))
  return { result: (await pending).result, events, exit }
}

it('ends a run at its wall budget plus the backstop when the child stops answering, and kills the child', async () => {
  const { result, events, exit } = await stoppedRun()
  expect(result).toEqual({
    logs: ['hi'],
    error: {
      kind: 'timeout',
      message: 'wall-clock budget of 1000 ms exceeded (the runtime process stopped answering and was killed)',
    },
    usage: expect.any(Object),
  })
  expect((await exit).signal).toBe('SIGKILL')
  expect(events).toEqual(['idle', 'exited started=true'])
})

it('ends an aborted run soon after the abort when the child does not answer it', async () => {
  const { result, exit } = await stoppedRun(true)
  expect(result).toEqual({
    logs: ['hi'],
    error: {
      kind: 'abort',
      message: 'the run was aborted (user stop); the runtime process stopped answering and was killed',
    },
    usage: expect.any(Object),
  })
  expect((await exit).signal).toBe('SIGKILL')
})

const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(1), 600))

it('gives a later run its own full wall backstop, not the one armed for an earlier run', async () => {
  // why: one backstop timer serves the host's runs in turn; a run that started 600 ms after the
  // timer was armed must still get its whole budget plus backstop before it is given up.
  const { result } = await stoppedRun(false, async (host) => {
    const { result: first } = await host.run(
      orderOf({ program: 'return await tools.slow({})', bindings: [ns('tools', { slow })] }),
    )
    expect(first.value).toBe(1)
  })
  expect(result.error?.kind).toBe('timeout')
  expect(result.usage.wallMs).toBeGreaterThanOrEqual(1000 + 1000)
})
