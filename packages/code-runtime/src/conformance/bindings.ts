import { expect } from 'vitest'
import type { CodeBinding, JsonValue } from '../types.ts'
import { expectHealthy, expectValue, namespace, recorder, run, sleep } from './assert.ts'
import type { ConformanceHarness } from './types.ts'

const echo: CodeBinding = (args) => Promise.resolve(args as JsonValue)
const failWithSecretStack: CodeBinding = () => {
  const error = new Error('denied by policy')
  error.stack = 'HOST-STACK-SECRET'
  return Promise.reject(error)
}
const coded =
  (code: unknown): CodeBinding =>
  () =>
    Promise.reject(Object.assign(new Error('refused'), { code }))
const failPlain: CodeBinding = () => Promise.reject(new Error('no such file'))
const lossy: CodeBinding = () => Promise.resolve({ when: new Date(0) } as unknown as JsonValue)
const nan: CodeBinding = () => Promise.resolve(Number.NaN)

/** Bindings: namespaces, JSON crossing, hostile names, error classes, queueing and settlement. */
export function defineBindingCases(h: ConformanceHarness): void {
  h.test('bindings/namespaces', async () => {
    const bindings = [
      namespace('tools', { echo, twice: (args) => Promise.resolve((args as { n: number }).n * 2) }),
      namespace('db', { query: () => Promise.resolve(['row']) }),
    ]
    const program = [
      'const kinds = [typeof tools.echo, typeof db.query]',
      'const pending = tools.twice({ n: 21 })',
      'return { kinds, thenable: typeof pending.then, twice: await pending, rows: await db.query({}) }',
    ].join('\n')
    expectValue(await run(h.runtime(), program, bindings), {
      kinds: ['function', 'function'],
      thenable: 'function',
      twice: 42,
      rows: ['row'],
    })
  })

  h.test('bindings/json-roundtrip', async () => {
    const seen = recorder()
    const roots = 'null, true, 0, -0, 1.5, "é€😀", [], {}, [1, [2, [3]]], { a: { b: null }, "k y": [] }'
    const program = `const out = []\nfor (const v of [${roots}]) out.push(await tools.echo(v))\nreturn out`
    const expected: JsonValue[] = [null, true, 0, 0, 1.5, 'é€😀', [], {}, [1, [2, [3]]], { a: { b: null }, 'k y': [] }]
    expectValue(await run(h.runtime(), program, [namespace('tools', { echo: seen.binding })]), expected)
    expect(seen.calls).toEqual(expected)
    expect(Object.is(seen.calls[3], 0)).toBe(true)
    const deep =
      'let v: unknown = 1; for (let i = 0; i < 3000; i++) v = [v]; let r: any = await tools.echo(v); let d = 0; while (Array.isArray(r)) { r = r[0]; d++ } return d'
    expectValue(await run(h.runtime(), deep, [namespace('tools', { echo })]), 3000)
  })

  h.test('bindings/hostile-member-names', async () => {
    const functions = Object.create(null) as Record<string, CodeBinding>
    Object.defineProperty(functions, '__proto__', { value: () => Promise.resolve('proto'), enumerable: true })
    functions.constructor = () => Promise.resolve('ctor')
    functions['my-tool'] = () => Promise.resolve('dash')
    const program = [
      'const own = Object.keys(tools).sort()',
      "return [await tools['__proto__']({}), await tools.constructor({}), await tools['my-tool']({}), own, typeof (tools as any).hasOwnProperty]",
    ].join('\n')
    expectValue(await run(h.runtime(), program, [{ global: 'tools', functions }]), [
      'proto',
      'ctor',
      'dash',
      ['__proto__', 'constructor', 'my-tool'],
      'undefined',
    ])
  })

  h.test('bindings/error-class', async () => {
    const tools = namespace(
      'tools',
      { fail: failWithSecretStack, echo },
      { name: 'ToolCallError', memberNameProperty: 'tool' },
    )
    const program = [
      'try { await tools.fail({ x: 1 }) } catch (e: any) {',
      '  return { isClass: e instanceof ToolCallError, isError: e instanceof Error, name: e.name,',
      '    tool: e.tool, message: e.message, leaked: JSON.stringify([String(e.stack), Object.keys(e)]).includes("HOST-STACK-SECRET"),',
      '    classType: typeof ToolCallError, classOk: ToolCallError.name }',
      '}',
    ].join('\n')
    expectValue(await run(h.runtime(), program, [tools]), {
      isClass: true,
      isError: true,
      name: 'ToolCallError',
      tool: 'fail',
      message: 'denied by policy',
      leaked: false,
      classType: 'function',
      classOk: 'ToolCallError',
    })
  })

  h.test('bindings/error-code', async () => {
    // why: RT-63 — an upper-case string code on the thrown error reaches the program; others do not.
    const tools = namespace(
      'tools',
      { denied: coded('DENIED'), lower: coded('enoent'), numeric: coded(42), none: failPlain },
      { name: 'ToolCallError', memberNameProperty: 'tool' },
    )
    const program = [
      'const codes: unknown[] = []',
      'for (const name of ["denied", "lower", "numeric", "none"] as const) {',
      '  try { await tools[name]({}) } catch (e: any) { codes.push([e instanceof ToolCallError, e.tool, e.code ?? null, e.message]) }',
      '}',
      'return codes',
    ].join('\n')
    expectValue(await run(h.runtime(), program, [tools]), [
      [true, 'denied', 'DENIED', 'refused'],
      [true, 'lower', null, 'refused'],
      [true, 'numeric', null, 'refused'],
      [true, 'none', null, 'no such file'],
    ])
    const plain = await run(
      h.runtime(),
      'try { await tools.denied({}) } catch (e: any) { return [e instanceof Error, e.code] }',
      [namespace('tools', { denied: coded('DENIED') })],
    )
    expectValue(plain, [true, 'DENIED'])
  })

  h.test('bindings/plain-error', async () => {
    const fail = failPlain
    const program = 'try { await tools.fail({}) } catch (e: any) { return [e instanceof Error, e.message] }'
    expectValue(await run(h.runtime(), program, [namespace('tools', { fail })]), [true, 'no such file'])
    const uncaught = await run(h.runtime(), 'await tools.fail({})', [namespace('tools', { fail })])
    expect(uncaught.error?.kind).toBe('exception')
    expect(uncaught.error?.message).toContain('no such file')
  })

  h.test('bindings/non-json-argument', async () => {
    const seen = recorder()
    const program = [
      'const refused: string[] = []',
      'for (const bad of [{ n: 1n }, { f: () => 1 }, { d: new Date(0) }, { u: undefined }, NaN]) {',
      '  try { await tools.echo(bad as any) } catch (e: any) { refused.push(typeof e.message) }',
      '}',
      'const self: any = {}; self.self = self',
      'try { await tools.echo(self) } catch { refused.push("cycle") }',
      'return { refused, after: await tools.echo({ ok: true }) }',
    ].join('\n')
    expectValue(await run(h.runtime(), program, [namespace('tools', { echo: seen.binding })]), {
      refused: ['string', 'string', 'string', 'string', 'string', 'cycle'],
      after: { ok: true },
    })
    expect(seen.calls).toEqual([{ ok: true }])
  })

  h.test('bindings/lossy-result', async () => {
    const program = [
      'const out: string[] = []',
      'try { await tools.lossy({}) } catch { out.push("lossy rejected") }',
      'try { await tools.nan({}) } catch { out.push("nan rejected") }',
      'return out',
    ].join('\n')
    expectValue(await run(h.runtime(), program, [namespace('tools', { lossy, nan })]), [
      'lossy rejected',
      'nan rejected',
    ])
  })

  h.test('bindings/undefined-result', async () => {
    const nothing = (() => Promise.resolve(undefined)) as unknown as CodeBinding
    const program = 'const v = await tools.nothing({}); return [v === undefined, typeof v]'
    expectValue(await run(h.runtime(), program, [namespace('tools', { nothing })]), [true, 'undefined'])
  })

  h.test('bindings/serial-order', async () => {
    const order: number[] = []
    let inFlight = 0
    let maxInFlight = 0
    const slow: CodeBinding = async (args) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      order.push((args as { i: number }).i)
      await sleep(5 - (args as { i: number }).i)
      inFlight--
      return (args as { i: number }).i * 10
    }
    const program = 'return await Promise.all([0, 1, 2, 3, 4].map((i) => tools.slow({ i })))'
    expectValue(await run(h.runtime(), program, [namespace('tools', { slow })]), [0, 10, 20, 30, 40])
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(maxInFlight).toBe(1)
  })

  h.test('bindings/none-after-settle', async () => {
    const calls: string[] = []
    const slow: CodeBinding = async () => {
      calls.push('slow')
      await sleep(30)
      return 1
    }
    const late: CodeBinding = () => {
      calls.push('late')
      return Promise.resolve(2)
    }
    const program = [
      'tools.slow({}).then(() => tools.late({}), () => tools.late({}))',
      'tools.late({}).catch(() => 0)',
      'return 1',
    ].join('\n')
    expectValue(await run(h.runtime(), program, [namespace('tools', { slow, late })]), 1)
    await sleep(120)
    // why: whether the first call reached the host before settlement is the backend's business;
    // the call queued behind it, and any call made after settlement, must never reach it.
    expect(calls.filter((name) => name === 'late')).toEqual([])
    expect(calls.length).toBeLessThanOrEqual(1)
    await expectHealthy(h.runtime())
  })
}
