// A checker that crashes or takes too long lets the program run: the check resolves `unchecked`
// with the reason, and the next check starts a fresh worker.
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { WorkerChecker } from '../src/checker.ts'
import { SDK } from './helpers.ts'

const worker = (name: string) => ({
  entry: fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)),
  execArgv: [],
})

describe('a failing checker lets the program run', () => {
  it('a worker that crashes: unchecked, naming the crash, and again on the next check (a fresh worker)', async () => {
    const checker = new WorkerChecker(60_000, worker('crashing-worker.mjs'))
    const first = await checker.check('return 1', SDK)
    expect(first).toEqual({ status: 'unchecked', reason: 'the checker crashed: the worker broke' })
    const second = await checker.check('return 1', SDK)
    expect(second).toEqual({ status: 'unchecked', reason: 'the checker crashed: the worker broke' })
    await checker.close()
  })

  it('a ready worker that never answers: unchecked once the time limit passes; close ends the rest', async () => {
    const checker = new WorkerChecker(50, worker('silent-worker.mjs'))
    // why: until the worker is ready a timed-out check leaves it warming; an answer proves it ready.
    while ((await checker.check('answer', SDK)).status !== 'ok');
    expect(await checker.check('hang', SDK)).toEqual({
      status: 'unchecked',
      reason: 'the check took longer than 50 ms',
    })
    const slow = new WorkerChecker(60_000, worker('silent-worker.mjs'))
    const pending = slow.check('return 1', SDK)
    await slow.close()
    expect(await pending).toEqual({ status: 'unchecked', reason: 'the checker was closed' })
    await checker.close()
  })

  it('a worker still starting when the time limit passes: that check runs unchecked, saying so', async () => {
    const checker = new WorkerChecker(50, worker('never-ready-worker.mjs'))
    expect(await checker.check('return 1', SDK)).toEqual({
      status: 'unchecked',
      reason: 'the check took longer than 50 ms (the checker was still starting)',
    })
    await checker.close()
  })
})
