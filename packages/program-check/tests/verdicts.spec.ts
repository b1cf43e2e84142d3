// a program checked before against the same SDK text gets the earlier verdict, and checks
// of one program in flight at once share one; the worker below answers each program once with
// `ok` and with an error every time after, so a verdict it gave again would show.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkerChecker } from '../src/checker.ts'
import { SDK } from './helpers.ts'

const askedOnce = {
  entry: fileURLToPath(new URL('./fixtures/asked-once-worker.mjs', import.meta.url)),
  execArgv: [],
}
const askedAgain = {
  status: 'blocked',
  errors: [{ class: 'syntax', message: 'asked again', line: 1, column: 1, excerpt: '', tsCode: 0 }],
  message: 'the program was not run: the check before the run found 1 error it would hit\nasked again (at 1:1)',
}

let checker: WorkerChecker
afterEach(() => checker.close())

describe('verdicts of programs checked before (R-151)', () => {
  it('a program checked again against the same SDK text gets the first verdict, not a new check', async () => {
    checker = new WorkerChecker(60_000, askedOnce)
    expect(await checker.check('return 1', SDK)).toEqual({ status: 'ok' })
    expect(await checker.check('return 1', SDK)).toEqual({ status: 'ok' })
    // why: another program is a new check; the worker's answer proves the worker was asked.
    expect(await checker.check('return 2', SDK)).toEqual({ status: 'ok' })
  })

  it('checks of one program in flight at once share one check', async () => {
    checker = new WorkerChecker(60_000, askedOnce)
    const verdicts = await Promise.all([1, 2, 3].map(() => checker.check('return 1', SDK)))
    expect(verdicts).toEqual([{ status: 'ok' }, { status: 'ok' }, { status: 'ok' }])
  })

  it('another SDK text is a new check, and forgets the verdicts against the old one', async () => {
    checker = new WorkerChecker(60_000, askedOnce)
    const other = `${SDK}\n// another tool set`
    expect(await checker.check('return 1', SDK)).toEqual({ status: 'ok' })
    expect(await checker.check('return 1', other)).toEqual(askedAgain)
    expect(await checker.check('return 1', other)).toEqual(askedAgain)
    expect(await checker.check('return 1', SDK)).toEqual(askedAgain)
  })

  it('an unchecked outcome is not remembered: the next check of that program asks the worker', async () => {
    checker = new WorkerChecker(60_000, askedOnce, 'skip')
    // why: the worker is still starting, so the first check is skipped without reaching it.
    expect(await checker.check('return 1', SDK)).toEqual({
      status: 'unchecked',
      reason: 'the checker is still starting',
    })
    let verdict = await checker.check('return 1', SDK)
    while (verdict.status === 'unchecked') {
      await new Promise((resolve) => setTimeout(resolve, 20))
      verdict = await checker.check('return 1', SDK)
    }
    expect(verdict).toEqual({ status: 'ok' })
  })
})
