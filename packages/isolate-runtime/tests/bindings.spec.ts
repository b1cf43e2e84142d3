import { CodeRuntimeError } from '@isocode/code-runtime'
import type { CodeBinding } from '@isocode/code-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, echo, ns, run } from './helpers.ts'

describe('bindings and the boundary', () => {
  let app: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    app = await boot({ poolSize: 1 })
  })
  afterAll(() => app.dispose())

  it('treats __proto__ and constructor as ordinary members', async () => {
    const functions = Object.create(null) as Record<string, CodeBinding>
    Object.defineProperty(functions, '__proto__', { value: () => Promise.resolve('p'), enumerable: true })
    functions.constructor = () => Promise.resolve('c')
    const result = await run(app.runtime, "return [await tools['__proto__']({}), await tools.constructor({}), Object.getPrototypeOf(tools)]", [{ global: 'tools', functions }])
    expect(result).toEqual({ value: ['p', 'c', null], logs: [] })
  })

  it('leaves no host or isolated-vm object reachable', async () => {
    const program = [
      'const g: any = globalThis',
      'const viaCtor = (tools.echo as any).constructor.constructor("return this")()',
      'const names = Object.getOwnPropertyNames(g).filter((n) => /isocode|ivm|ExternalCopy|^Callback$|^Reference$/i.test(n))',
      "let imported = 'no'",
      "try { await import('node:fs'); imported = 'yes' } catch {}",
      "return { names, process: typeof g.process, require: typeof g.require, viaCtor: typeof viaCtor.process, imported, echo: Object.keys(tools) }",
    ].join('\n')
    const result = await run(app.runtime, program, [ns('tools', { echo })])
    expect(result).toEqual({ value: { names: [], process: 'undefined', require: 'undefined', viaCtor: 'undefined', imported: 'no', echo: ['echo'] }, logs: [] })
  })

  it('rejects misuse: bad, reserved and duplicate globals, and a disposed runtime', async () => {
    for (const global of ['my-tools', 'Promise', 'console']) {
      await expect(run(app.runtime, 'return 1', [ns(global, { echo })])).rejects.toBeInstanceOf(CodeRuntimeError)
    }
    await expect(run(app.runtime, 'return 1', [ns('t', { echo }), ns('t', { echo })])).rejects.toThrow(/twice/)
    await expect(app.runtime.run({ program: 1 as unknown as string, bindings: [] })).rejects.toThrow(/program/)
  })
})
