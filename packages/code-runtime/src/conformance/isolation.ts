import { expectValue, run } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

/** What only a real isolation boundary guarantees; worker-thread backends skip these. */
export function defineIsolationCases(h: ConformanceHarness): void {
  h.test('isolation/no-webassembly', async () => {
    expectValue(await run(h.runtime(), 'return [typeof WebAssembly, typeof (globalThis as any).WebAssembly]'), [
      'undefined',
      'undefined',
    ])
  })

  h.test('isolation/no-host-globals', async () => {
    const names = ['process', 'require', 'module', 'fetch', 'Buffer', 'setImmediate']
    const program = `return ${JSON.stringify(names)}.map((n) => typeof (globalThis as any)[n])`
    expectValue(
      await run(h.runtime(), program),
      names.map(() => 'undefined'),
    )
    expectValue(await run(h.runtime(), 'return typeof process'), 'undefined')
  })

  h.test('isolation/no-host-import', async () => {
    const program = [
      'const out: string[] = []',
      "for (const spec of ['node:fs', 'fs', 'node:child_process']) {",
      "  try { await import(spec); out.push('loaded ' + spec) } catch { out.push('blocked') }",
      '}',
      'return out',
    ].join('\n')
    expectValue(await run(h.runtime(), program), ['blocked', 'blocked', 'blocked'])
  })

  h.test('isolation/no-function-escape', async () => {
    const program = [
      "const viaFunction = (function () {}).constructor('return this')()",
      "const viaAsync = await (async function () {}).constructor('return this')()",
      'const viaError = (new Error()).constructor.constructor("return this")()',
      'return [viaFunction, viaAsync, viaError].map((g: any) => [typeof g.process, typeof g.require])',
    ].join('\n')
    expectValue(await run(h.runtime(), program), [
      ['undefined', 'undefined'],
      ['undefined', 'undefined'],
      ['undefined', 'undefined'],
    ])
  })
}
