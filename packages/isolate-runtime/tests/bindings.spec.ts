import { CodeRuntimeError } from '@isocode/code-runtime'
import type { CodeBinding } from '@isocode/code-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, echo, ns, run } from './helpers.ts'

describe('bindings and the boundary', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    // why: the deep-nesting case builds and walks a 30,000-level value; its verdict is the
    // refusal, so the CPU budget must not decide it on a slow, loaded machine.
    app = await boot({ poolSize: 1, cpuMs: 5_000, wallMs: 10_000 })
  })
  afterAll(() => app.dispose())

  it('treats __proto__ and constructor as ordinary members', async () => {
    const functions = Object.create(null) as Record<string, CodeBinding>
    Object.defineProperty(functions, '__proto__', { value: () => Promise.resolve('p'), enumerable: true })
    functions.constructor = () => Promise.resolve('c')
    const result = await run(
      app.runtime,
      "return [await tools['__proto__']({}), await tools.constructor({}), Object.getPrototypeOf(tools)]",
      [{ global: 'tools', functions }],
    )
    expect(result).toEqual({ value: ['p', 'c', null], logs: [], usage: expect.any(Object) })
  })

  it('refuses a value nested deeper than the fixed bound at once, with a short path, and keeps running', async () => {
    let calls = 0
    const count: CodeBinding = () => (calls++, Promise.resolve(1))
    const program =
      'let v: any = 0\nfor (let i = 0; i < 30000; i++) v = [v]\ntry { await tools.count(v) } catch (e: any) { return e.message }'
    const result = await run(app.runtime, program, [ns('tools', { count })])
    expect(result.error).toBeUndefined()
    expect(result.value).toMatch(/nested deeper than 20000 levels/)
    expect(String(result.value).length).toBeLessThan(300)
    expect(calls).toBe(0)
  })

  it('never runs an index setter the program planted on Array.prototype while encoding', async () => {
    const program = [
      'let hits = 0',
      "Object.defineProperty(Array.prototype, '0', { set() { hits++ }, configurable: true })",
      'await tools.echo({ a: [1, [2]] })',
      'delete (Array.prototype as any)[0]',
      'return hits',
    ].join('\n')
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect(result).toEqual({ value: 0, logs: [], usage: expect.any(Object) })
  })

  it('leaves no host or isolated-vm object reachable', async () => {
    const program = [
      'const g: any = globalThis',
      'const viaCtor = (tools.echo as any).constructor.constructor("return this")()',
      'const names = Object.getOwnPropertyNames(g).filter((n) => /isocode|ivm|ExternalCopy|^Callback$|^Reference$/i.test(n))',
      "let imported = 'no'",
      "try { await import('node:fs'); imported = 'yes' } catch {}",
      'return { names, process: typeof g.process, require: typeof g.require, viaCtor: typeof viaCtor.process, imported, echo: Object.keys(tools) }',
    ].join('\n')
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect(result).toEqual({
      value: {
        names: [],
        process: 'undefined',
        require: 'undefined',
        viaCtor: 'undefined',
        imported: 'no',
        echo: ['echo'],
      },
      logs: [],
      usage: expect.any(Object),
    })
  })

  it('rejects misuse: bad, reserved and duplicate globals, and a disposed runtime', async () => {
    for (const global of ['my-tools', 'Promise', 'console']) {
      await expect(run(app.runtime, 'return 1', [ns(global, { echo })])).rejects.toBeInstanceOf(CodeRuntimeError)
    }
    await expect(run(app.runtime, 'return 1', [ns('t', { echo }), ns('t', { echo })])).rejects.toThrow(/twice/)
    await expect(app.runtime.run({ program: 1 as unknown as string, bindings: [] })).rejects.toThrow(/program/)
  })
})
