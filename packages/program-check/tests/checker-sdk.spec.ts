// The SDK text crosses to the worker only when it changed: the worker keeps the last one, so a
// check against the same SDK copies only the program (a 500-tool SDK is about 100 kB).
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkerChecker } from '../src/checker.ts'
import { SDK } from './helpers.ts'

const sdkSeen = (name: string) => ({
  entry: fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)),
  execArgv: [],
})
const withoutSdk = { status: 'blocked', message: expect.stringContaining('no SDK text') }

let checker: WorkerChecker
afterEach(async () => {
  await checker.close()
  rmSync(join(tmpdir(), `isocode-sdk-seen-${process.pid}`), { force: true })
})

describe('the SDK text sent to the worker', () => {
  it('goes with the first check and with each change of SDK, not with the checks between', async () => {
    checker = new WorkerChecker(60_000, sdkSeen('sdk-seen-worker.mjs'))
    expect(await checker.check('return 1', SDK)).toEqual({ status: 'ok' })
    expect(await checker.check('return 2', SDK)).toMatchObject(withoutSdk)
    expect(await checker.check('return 3', `${SDK}\n// more`)).toEqual({ status: 'ok' })
    expect(await checker.check('return 4', `${SDK}\n// more`)).toMatchObject(withoutSdk)
  })

  it('goes again to a new worker, which has none (the first one crashed)', async () => {
    checker = new WorkerChecker(60_000, sdkSeen('sdk-seen-second-worker.mjs'))
    expect(await checker.check('return 1', SDK)).toEqual({
      status: 'unchecked',
      reason: 'the checker crashed: the first worker broke',
    })
    expect(await checker.check('return 2', SDK)).toEqual({ status: 'ok' })
  })
})
