import { expect } from 'vitest'
import type { CodeBinding } from '../types.ts'
import { expectFailure, expectHealthy, gate, namespace, neverSettles, recorder, run, sleep } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

const echo: CodeBinding = (args) => Promise.resolve(args as never)

// why: roomy budgets prove that abort and memory are reported as themselves, not as a budget
// that happened to expire first; the case timeout then bounds how long they may take.
const roomy = { cpuMs: 8_000, wallMs: 8_000 }

/** CPU, wall, memory budgets and abort (rules RT-20 and RT-23 to RT-26 in docs/runtime-contract.md). */
export function defineBudgetCases(h: ConformanceHarness): void {
  const expectCpuTimeout = async (program: string): Promise<void> => {
    const result = await run(h.runtime(), `console.log('before')\n${program}`, [namespace('tools', { echo })])
    const message = expectFailure(result, 'timeout')
    expect(message).toMatch(/cpu/i)
    expect(message).not.toMatch(/wall/i)
    expect(result.logs).toEqual(['before'])
    await expectHealthy(h.runtime())
  }

  h.test('budgets/cpu-sync-loop', () => expectCpuTimeout('while (true) {}'))

  h.test('budgets/cpu-after-await', () => expectCpuTimeout('await tools.echo({})\nawait null\nfor (;;) {}'))

  // why: each turn schedules the next and returns nothing, so no promise chain builds up: the loop
  // only burns CPU and must end by the CPU budget on a machine of any speed.
  h.test('budgets/cpu-microtask-loop', () =>
    expectCpuTimeout('const spin = (): void => void Promise.resolve().then(spin)\nspin()\nawait new Promise(() => {})'),
  )

  // why: returning the next promise chains every turn to the last, so the heap grows as fast as
  // the CPU turns: which budget ends it first depends on the machine, and either is correct.
  h.test('budgets/microtask-chain', async () => {
    const result = await run(
      h.runtime(),
      "console.log('before')\nconst spin = (): Promise<void> => Promise.resolve().then(spin)\nspin()\nawait new Promise(() => {})",
    )
    expect(result.error?.kind).toMatch(/^(memory|timeout)$/)
    expect(result.logs).toEqual(['before'])
    await expectHealthy(h.runtime())
  })

  h.test('budgets/wall-never-settling', async () => {
    const program = "console.log('before')\nawait tools.never({})\nreturn 1"
    const result = await run(h.runtime(), program, [namespace('tools', { never: neverSettles })])
    const message = expectFailure(result, 'timeout')
    expect(message).toMatch(/wall/i)
    expect(result.logs).toEqual(['before'])
    await expectHealthy(h.runtime())
  })

  h.test(
    'budgets/memory',
    async () => {
      const subject = await h.fresh(roomy)
      const program =
        "console.log('before')\nconst keep: number[][] = []\nfor (;;) keep.push(new Array(1_000_000).fill(keep.length))"
      const result = await run(subject.runtime, program)
      expectFailure(result, 'memory')
      expect(result.logs).toEqual(['before'])
      await expectHealthy(subject.runtime)
      await subject.dispose()
    },
    20_000,
  )

  h.test('abort/pre-aborted', async () => {
    const probe = recorder()
    const result = await run(
      h.runtime(),
      "console.log('ran')\nawait tools.probe({})",
      [namespace('tools', { probe: probe.binding })],
      AbortSignal.abort(new Error('user cancelled')),
    )
    expectFailure(result, 'abort')
    expect(result.logs).toEqual([])
    expect(probe.calls).toEqual([])
  })

  h.test(
    'abort/mid-run',
    async () => {
      const subject = await h.fresh(roomy)
      for (const body of ['while (true) {}', 'await tools.never({})', 'await tools.echo({})\nfor (;;) {}']) {
        const controller = new AbortController()
        const started = gate()
        const tools = namespace('tools', { never: neverSettles, echo, started: started.binding })
        const program = `console.log('before')\nawait tools.started({})\n${body}`
        const pending = run(subject.runtime, program, [tools], controller.signal)
        await started.reached
        await sleep(20)
        controller.abort(new Error('user cancelled'))
        const result = await pending
        expectFailure(result, 'abort')
        expect(result.logs).toEqual(['before'])
      }
      await expectHealthy(subject.runtime)
      await subject.dispose()
    },
    // why: "quickly" is proven by the kind: with roomy budgets a run that waited for its wall
    // budget would end as timeout, not abort; the test timeout only guards against a hang, so it
    // sits far above what a slow, loaded machine needs (three runs and a replaced child).
    60_000,
  )
}
