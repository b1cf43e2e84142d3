// Importing the facade and running programs while no program is saved never loads the TypeScript
// compiler in the host (RT-67): linking saved programs loads it on first use only. One file, so the
// module cache is this file's.
import { createRequire } from 'node:module'
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, expect, it, vi } from 'vitest'

// why: the timeout only guards against a hang on a loaded machine.
vi.setConfig({ testTimeout: 120_000 })

const cache = createRequire(import.meta.url).cache
let cm: CodeMode | undefined
const calls: number[] = []
afterAll(() => cm?.close())

const compilerLoaded = (): boolean =>
  Object.keys(cache).some((path) => /[\\/]typescript[\\/]lib[\\/]typescript\.js$/.test(path))

it('imports the facade and runs programs that name tools, state and programs without loading the compiler', async () => {
  expect(compilerLoaded()).toBe(false)
  cm = await createCodeMode({
    isolation: 'isolate',
    tools: {
      add: {
        description: 'Adds two numbers.',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
        execute: async ({ a, b }: { a: number; b: number }) => {
          calls.push(a + b)
          return a + b
        },
      },
    },
  })
  expect(await cm.programs.list()).toEqual([])
  // why: the program names `programs` and `tools`, the words the linker looks for, so only an
  // empty library keeps it from being parsed.
  const result = await cm.run(`const sum = await tools.add({ a: 2, b: 3 })
await state.set('sum', sum)
return { sum, saved: typeof programs, kept: await state.get('sum') }`)
  expect(result).toMatchObject({ ok: true, value: { sum: 5, saved: 'object', kept: 5 } })
  expect(calls).toEqual([5])
  expect(compilerLoaded()).toBe(false)
})

it('loads the compiler once a saved program is linked into a run', async () => {
  if (cm === undefined) throw new Error('the first test did not create the facade')
  await cm.programs.save('addTwo', { code: 'return await tools.add({ a: 2, b: 2 })' }, { description: 'Adds 2 and 2.' })
  const result = await cm.run('return (await programs.addTwo()) + 1')
  expect(result).toMatchObject({ ok: true, value: 5 })
  expect(compilerLoaded()).toBe(true)
})
