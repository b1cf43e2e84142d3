import { InProcessIsolateRuntime, resolveConfig } from '@isocode/isolate-runtime'
import { hasNoNodeSnapshot, IsolateRuntimeConfigSchema } from '@isocode/isolate-runtime/internal'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

describe('config', () => {
  it('applies defaults', () => {
    const config = resolveConfig(undefined)
    expect(config).toMatchObject({ memoryMb: 64, cpuMs: 5_000, wallMs: 30_000, outputBytes: 65_536 })
    expect(config.poolSize).toBeGreaterThanOrEqual(1)
    expect(config.pollMicros).toBe(0)
  })

  it('names the field and the fix', () => {
    expect(() => resolveConfig({ memoryLimitMb: 4 })).toThrow(/memoryLimitMb must be an integer from 8/)
    expect(() => resolveConfig({ cpuBudgetMs: 500, wallBudgetMs: 100 })).toThrow(/raise wallBudgetMs/)
    expect(() => resolveConfig({ poolsize: 2 })).toThrow(/unknown option "poolsize"/)
    expect(() => resolveConfig({ resumeOnHostThread: 'yes' })).toThrow(
      /resumeOnHostThread must be true or false; got "yes"$/m,
    )
    expect(resolveConfig({ resumeOnHostThread: true }).resumeOnHostThread).toBe(true)
    expect(() => resolveConfig({ pollMicros: -1 })).toThrow(/pollMicros must be an integer from 0 to 10000; got -1/)
    // why: a string that looks like a number is shown as the string it is.
    expect(() => resolveConfig({ cpuMs: '5' })).toThrow(/cpuMs must be an integer from 1 to \d+; got "5"/)
    expect(() => resolveConfig({ pollMicros: 2.5 })).toThrow(/pollMicros must be an integer/)
    expect(resolveConfig({ pollMicros: 200 }).pollMicros).toBe(200)
    // why: unset, each runtime applies its own default (true only in the process-isolated child).
    expect('resumeOnHostThread' in resolveConfig({})).toBe(false)
    expect('spareIsolates' in resolveConfig({})).toBe(false)
    expect(resolveConfig({}).spareIdleMs).toBe(10_000)
    expect(resolveConfig({ spareIsolates: 0 }).spareIsolates).toBe(0)
    expect(() => resolveConfig({ spareIsolates: 65 })).toThrow(/spareIsolates must be an integer from 0 to 64; got 65/)
    expect(() => resolveConfig({ spareIdleMs: 0 })).toThrow(/spareIdleMs must be an integer from 1/)
    const result = IsolateRuntimeConfigSchema['~standard'].validate({ outputCapBytes: 'big' })
    expect(result.issues?.[0]?.path).toEqual(['outputCapBytes'])
  })

  it('makes Cordis reject a plugin with a bad config', async () => {
    const root = new Context()
    await expect(Promise.resolve(root.plugin(InProcessIsolateRuntime, { poolSize: 0 }))).rejects.toThrow(/poolSize/)
  })

  it('detects --no-node-snapshot in argv or NODE_OPTIONS', () => {
    expect(hasNoNodeSnapshot(['--no-node-snapshot'], '')).toBe(true)
    expect(hasNoNodeSnapshot([], '--max-old-space-size=100 --no-node-snapshot')).toBe(true)
    expect(hasNoNodeSnapshot([], '')).toBe(false)
  })
})
