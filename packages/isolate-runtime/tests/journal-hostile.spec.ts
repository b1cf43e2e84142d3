import type { CodeCallSite, JsonValue } from '@isocode/code-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { boot, ns } from './helpers.ts'

let app: Awaited<ReturnType<typeof boot>>
beforeAll(async () => {
  app = await boot()
})
afterAll(() => app.dispose())

// why: the journal is kept by the prelude with builtins captured before the program existed
// (rule RT-49); a program that patches what JSON, promises and stacks look up changes nothing.
it('keeps the journal and the call number when the program patches toJSON, then and prepareStackTrace', async () => {
  const sites: CodeCallSite[] = []
  const program = [
    "Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'forged', configurable: true })",
    "Object.defineProperty(Promise.prototype, 'then', { value: () => { throw new Error('no then') }, configurable: true })",
    "Object.defineProperty(Error, 'prepareStackTrace', { value: () => { throw new Error('no stack') }, configurable: true })",
    'const at = Date.now()',
    'const r = Math.random()',
    'await tools.echo({ at })',
    'return [at, r]',
  ].join('\n')
  const result = await app.runtime.run({
    program,
    bindings: [
      ns('tools', {
        echo: (args: unknown, site?: CodeCallSite) => {
          if (site !== undefined) sites.push(site)
          return Promise.resolve(args as JsonValue)
        },
      }),
    ],
    journal: {},
  })
  expect(result.error).toBeUndefined()
  const [at, r] = result.value as [number, number]
  expect(result.journal).toEqual({ clock: [at], random: [r], timers: [] })
  expect(sites).toEqual([{ call: 1 }])
})
