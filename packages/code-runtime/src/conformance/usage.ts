import { expect } from 'vitest'
import type { CodeBinding, CodeRunResult, CodeRunUsage } from '../types.ts'
import { expectFailure, expectValue, namespace, run, sleep, utf8Bytes } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

const echo: CodeBinding = (args) => Promise.resolve(args as never)

/** Assert `result` carries a usage record of finite, non-negative numbers that is self-consistent. */
function expectUsage(result: CodeRunResult): CodeRunUsage {
  const usage = result.usage
  expect(usage).toEqual({
    cpuMs: expect.any(Number),
    wallMs: expect.any(Number),
    bindingCalls: expect.any(Number),
    bindingMs: expect.any(Number),
    outputBytes: expect.any(Number),
  })
  for (const [field, value] of Object.entries(usage)) {
    expect(Number.isFinite(value) && value >= 0, `usage.${field} = ${value}`).toBe(true)
  }
  expect(Number.isInteger(usage.bindingCalls)).toBe(true)
  // why: the program's CPU and the host's binding time both happen within the run's wall time
  // (1 ms of slack for rounding and clock granularity).
  expect(usage.cpuMs).toBeLessThanOrEqual(usage.wallMs + 1)
  expect(usage.bindingMs).toBeLessThanOrEqual(usage.wallMs + 1)
  const tail =
    result.error !== undefined
      ? JSON.stringify(result.error.message)
      : result.value === undefined
        ? ''
        : JSON.stringify(result.value)
  expect(usage.outputBytes).toBe(utf8Bytes(JSON.stringify(result.logs)) + utf8Bytes(tail))
  return usage
}

/**
 * Metering: every result carries `usage`. Time checks compare the meter with what
 * the program or the host measured in the same run, so they hold on a machine of any speed.
 */
export function defineUsageCases(h: ConformanceHarness): void {
  h.test('usage/every-result', async () => {
    const ok = await run(h.runtime(), "console.log('é€')\nreturn 'ab'")
    expectValue(ok, 'ab')
    expect(expectUsage(ok)).toMatchObject({ bindingCalls: 0, bindingMs: 0, outputBytes: 13 })
    const thrown = await run(h.runtime(), "console.log('x')\nthrow new Error('boom')")
    expectFailure(thrown, 'exception')
    expectUsage(thrown)
    expectUsage(await run(h.runtime(), 'const broken = ;'))
    const aborted = await run(h.runtime(), 'return 1', [], AbortSignal.abort(new Error('stop')))
    expect(expectUsage(aborted)).toMatchObject({ cpuMs: 0, bindingCalls: 0 })
    const spun = await run(h.runtime(), 'while (true) {}')
    expectFailure(spun, 'timeout')
    // why: the run was stopped because its CPU passed the budget, so the meter must show it used
    // (nearly) all of it; 0.8 leaves room for a backend that reads its clock slightly early.
    expect(expectUsage(spun).cpuMs).toBeGreaterThanOrEqual(0.8 * h.budgets.cpuMs)
  })

  h.test('usage/cpu-after-await', async () => {
    // why: the loop is bounded by the program's own clock, so it spins ~50 ms at any machine
    // speed; all of it runs after an awaited binding, which a naive meter would miss.
    const program = [
      'await tools.echo({})',
      'const t0 = Date.now()',
      'let spins = 0',
      'while (Date.now() - t0 < 50) spins++',
      'return Date.now() - t0',
    ].join('\n')
    const result = await run(h.runtime(), program, [namespace('tools', { echo })])
    const spun = result.value as number
    expect(spun).toBeGreaterThanOrEqual(50)
    const usage = expectUsage(result)
    // why: CPU cannot exceed the loop plus the run's small fixed work (compile, settle); it may
    // fall below the loop's wall time only by what the OS took away, so 0.4 is a wide floor.
    expect(usage.cpuMs).toBeGreaterThanOrEqual(0.4 * spun)
    expect(usage.cpuMs).toBeLessThanOrEqual(spun + 50)
    expect(usage.bindingCalls).toBe(1)
  })

  h.test('usage/await-binding', async () => {
    let hostMs = 0
    const slow: CodeBinding = async () => {
      const began = performance.now()
      await sleep(50)
      hostMs = performance.now() - began
      return null
    }
    const result = await run(h.runtime(), 'await tools.slow({})\nreturn 1', [namespace('tools', { slow })])
    expectValue(result, 1)
    const usage = expectUsage(result)
    expect(hostMs).toBeGreaterThan(0)
    // why: 0.5 ms of slack for rounding; the host time is what this binding itself measured.
    expect(usage.wallMs).toBeGreaterThanOrEqual(hostMs - 0.5)
    expect(usage.bindingMs).toBeGreaterThanOrEqual(hostMs - 0.5)
    expect(usage.bindingCalls).toBe(1)
    // why: awaiting is not CPU: the program itself does almost nothing.
    expect(usage.cpuMs).toBeLessThan(hostMs / 2)
  })

  h.test('usage/binding-calls', async () => {
    const program = [
      'await tools.echo(1)',
      'await Promise.all([tools.echo(2), tools.echo(3)])',
      'try { await tools.echo((() => 1) as any) } catch {}',
      'Promise.resolve().then(() => tools.echo(4)).catch(() => 0)',
      'return 0',
    ].join('\n')
    const result = await run(h.runtime(), program, [namespace('tools', { echo })])
    expectValue(result, 0)
    // why: the refused argument is never dispatched; the call queued as the run settled may or
    // may not have been dispatched before settlement, as bindings/none-after-settle allows.
    expect(expectUsage(result).bindingCalls).toBeGreaterThanOrEqual(3)
    expect(result.usage.bindingCalls).toBeLessThanOrEqual(4)
  })
}
