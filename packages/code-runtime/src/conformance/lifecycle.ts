import { expect } from 'vitest'
import type { CodeBinding, CodeBindingNamespace } from '../types.ts'
import { expectFailure, expectHealthy, expectValue, gate, namespace, neverSettles, run, sleep } from './assert.ts'
import type { CodeRuntimeLike, ConformanceHarness } from './types.ts'

const echo: CodeBinding = (args) => Promise.resolve(args as never)

async function expectMisuse(
  runtime: CodeRuntimeLike,
  bindings: CodeBindingNamespace[],
  pattern: RegExp,
): Promise<void> {
  // why: a misuse may throw synchronously or reject; both must surface as a rejection here.
  await expect((async () => runtime.run({ program: 'return 1', bindings }))()).rejects.toThrow(pattern)
}

/** Unhandled rejections, misuse of run(), and disposal (rules RT-22 and RT-29 in docs/runtime-contract.md). */
export function defineLifecycleCases(h: ConformanceHarness): void {
  h.test('rejections/before-return', async () => {
    const program = "Promise.reject(new Error('stray rejection'))\nawait tools.echo({})\nawait tools.echo({})\nreturn 1"
    const message = expectFailure(await run(h.runtime(), program, [namespace('tools', { echo })]), 'exception')
    expect(message).toContain('stray rejection')
    await expectHealthy(h.runtime())
  })

  h.test('rejections/after-return', async () => {
    const result = await run(h.runtime(), "console.log('first')\nPromise.reject(new Error('stray after'))\nreturn 7")
    expectValue(result, 7)
    expect(result.logs[0]).toBe('first')
    expect(result.logs.slice(1).join('\n')).toContain('stray after')
    const next = await run(h.runtime(), 'return 8')
    expectValue(next, 8)
    expect(next.logs).toEqual([])
  })

  h.test('misuse/bad-global', async () => {
    for (const global of ['bad-name', '1st', '', 'has space', 'dollar$', 'ünicode']) {
      await expectMisuse(h.runtime(), [namespace(global, { echo })], /global/i)
    }
    await expectHealthy(h.runtime())
  })

  h.test('misuse/reserved-global', async () => {
    for (const global of ['console', 'globalThis', 'class', 'await', 'undefined', 'Object', 'Promise', 'JSON']) {
      await expectMisuse(h.runtime(), [namespace(global, { echo })], new RegExp(global))
    }
  })

  h.test('misuse/duplicate-global', async () => {
    await expectMisuse(h.runtime(), [namespace('tools', { echo }), namespace('tools', { other: echo })], /tools/)
  })

  h.test('misuse/bad-error-class', async () => {
    const bad = [
      namespace('tools', { echo }, { name: 'Bad-Name', memberNameProperty: 'tool' }),
      namespace('tools', { echo }, { name: 'tools', memberNameProperty: 'tool' }),
      namespace('tools', { echo }, { name: 'console', memberNameProperty: 'tool' }),
      namespace('tools', { echo }, { name: 'ToolCallError', memberNameProperty: '' }),
      namespace('tools', { echo }, { name: 'ToolCallError', memberNameProperty: 'message' }),
    ]
    for (const ns of bad) await expectMisuse(h.runtime(), [ns], /errorClass|memberNameProperty|tools|console/)
    const clash = [
      namespace('tools', { echo }, { name: 'ToolError', memberNameProperty: 'tool' }),
      namespace('db', { echo }, { name: 'ToolError', memberNameProperty: 'tool' }),
    ]
    await expectMisuse(h.runtime(), clash, /ToolError/)
    await expectHealthy(h.runtime())
  })

  h.test(
    'lifecycle/dispose-aborts-live-runs',
    async () => {
      const subject = await h.fresh({ cpuMs: 8_000, wallMs: 8_000 })
      const [first, second] = [gate(), gate()]
      const looping = run(subject.runtime, "console.log('before')\nawait tools.started({})\nwhile (true) {}", [
        namespace('tools', { started: first.binding }),
      ])
      const waiting = run(subject.runtime, "console.log('waiting')\nawait tools.started({})\nawait tools.never({})", [
        namespace('tools', { never: neverSettles, started: second.binding }),
      ])
      await Promise.all([first.reached, second.reached])
      await sleep(20)
      await subject.dispose()
      const [loopResult, waitResult] = await Promise.all([looping, waiting])
      expectFailure(loopResult, 'abort')
      expectFailure(waitResult, 'abort')
      expect(loopResult.logs).toEqual(['before'])
      expect(waitResult.logs).toEqual(['waiting'])
    },
    // why: the kinds prove disposal ended both runs (with 8 s budgets a run left to its budget ends
    // as timeout); the test timeout only guards against a hang, far above what a loaded machine needs.
    60_000,
  )

  h.test('lifecycle/disposed-rejects', async () => {
    const subject = await h.fresh()
    await expectHealthy(subject.runtime)
    await subject.dispose()
    await expect((async () => subject.runtime.run({ program: 'return 1', bindings: [] }))()).rejects.toThrow(/dispos/i)
  })
}
