// The checker as a host uses it: a worker thread started on the first check, the outcome as a
// value in the format of runtime errors, the host's event loop free while a check runs.
import { afterAll, describe, expect, it } from 'vitest'
import { createProgramChecker } from '../src/index.ts'
import { ProgramCheckError } from '../src/errors.ts'
import { SDK } from './helpers.ts'

const checker = createProgramChecker({ timeoutMs: 60_000 })
afterAll(() => checker.close())

describe('createProgramChecker', () => {
  it('keeps the event loop turning while the first check starts the worker and runs', async () => {
    let ticks = 0
    const interval = setInterval(() => ticks++, 1)
    let atSettle = -1
    const result = await checker.check(`return await tools.read_file({ path: 'a' })`, SDK).then((r) => {
      atSettle = ticks
      return r
    })
    clearInterval(interval)
    expect(result).toEqual({ status: 'ok' })
    // why: checked in this thread, the check would settle before any timer could fire.
    expect(atSettle).toBeGreaterThan(0)
  })

  it('blocks a program with every proven error, in the `(at line:col)` format of runtime errors', async () => {
    const result = await checker.check(
      `const a = 1\nawait tools.raed_file({ path: 'a' })\nawait tools.read_file({})`,
      SDK,
    )
    expect(result.status).toBe('blocked')
    if (result.status !== 'blocked') return
    expect(result.errors.map((e) => [e.class, e.line, e.column])).toEqual([
      ['unknown-member', 2, 13],
      ['missing-argument', 3, 23],
    ])
    expect(result.message).toBe(
      [
        'the program was not run: the check before the run found 2 errors it would hit',
        'tools.raed_file is not a function: the SDK has no tool "raed_file"; did you mean tools.read_file? (at 2:13)',
        "2 | await tools.raed_file({ path: 'a' })",
        '  |             ^',
        'tools.read_file is missing the required property "path" of its arguments (at 3:23)',
        '3 | await tools.read_file({})',
        '  |                       ^',
      ].join('\n'),
    )
  })

  it('checks against whichever SDK text it is given (a new SDK replaces the warm one)', async () => {
    const other = SDK.replace('read_file', 'read_text')
    expect((await checker.check(`await tools.read_text({ path: 'a' })`, other)).status).toBe('ok')
    expect((await checker.check(`await tools.read_text({ path: 'a' })`, SDK)).status).toBe('blocked')
  })

  it('refuses misuse with a thrown error naming the field', async () => {
    expect(() => createProgramChecker({ timeoutMs: 0 })).toThrow(/timeoutMs must be a positive number/)
    expect(() => checker.check(1 as unknown as string, SDK)).toThrow(ProgramCheckError)
    expect(() => checker.check('return 1', undefined as unknown as string)).toThrow(/sdkText must be/)
  })

  it('with whileStarting skip, a check before the worker is ready runs unchecked at once; warm() readies it', async () => {
    const skipping = createProgramChecker({ whileStarting: 'skip' })
    expect(await skipping.check('await tools.nope({})', SDK)).toEqual({
      status: 'unchecked',
      reason: 'the checker is still starting',
    })
    skipping.warm()
    let result = await skipping.check('await tools.nope({})', SDK)
    while (result.status === 'unchecked') {
      await new Promise((resolve) => setTimeout(resolve, 20))
      result = await skipping.check('await tools.nope({})', SDK)
    }
    expect(result.status).toBe('blocked')
    expect(() => createProgramChecker({ whileStarting: 'later' as 'wait' })).toThrow(/whileStarting must be/)
    await skipping.close()
  })

  it('after close, a check resolves unchecked and never starts a worker', async () => {
    const closed = createProgramChecker()
    await closed.close()
    expect(await closed.check('return 1', SDK)).toEqual({ status: 'unchecked', reason: 'the checker is closed' })
  })
})
