// the checker's worker runs under a bounded V8 heap, so its memory stays flat over many
// checks; a check that needs more ends the worker like a crash (the program runs unchecked) and
// the next check gets a fresh worker.
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { WORKER_RESOURCE_LIMITS, WorkerChecker } from '../src/checker.ts'
import { SDK } from './helpers.ts'

const MB = 1024 * 1024
const command = { entry: fileURLToPath(new URL('./fixtures/heap-worker.mjs', import.meta.url)), execArgv: [] }

describe('the checker worker heap (R-155)', () => {
  it('is bounded; a check that exhausts it runs unchecked and the next check gets a fresh worker', async () => {
    const checker = new WorkerChecker(60_000, command)
    const heap = await checker.check('heap', SDK)
    expect(heap.status).toBe('ok')
    const limit = Number((heap as { output?: string }).output)
    const { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } = WORKER_RESOURCE_LIMITS
    expect(limit).toBeGreaterThanOrEqual(maxOldGenerationSizeMb * MB)
    expect(limit).toBeLessThanOrEqual((maxOldGenerationSizeMb + 3 * maxYoungGenerationSizeMb) * MB)

    const hog = await checker.check('hog', SDK)
    expect(hog.status).toBe('unchecked')
    expect((hog as { reason: string }).reason).toMatch(/^the checker (crashed|exited).*memory/)
    expect((await checker.check('heap', SDK)).status).toBe('ok')
    await checker.close()
  })
})
