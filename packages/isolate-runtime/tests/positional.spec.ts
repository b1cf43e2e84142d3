// RT-60: a namespace marked `positional` passes each member all its positional arguments as one
// array (trailing undefined ones dropped), in process and across the supervised child; a value
// other than `true` is refused before anything runs.
import { CodeRuntimeError } from '@isocode/code-runtime'
import type { CodeBinding, JsonValue } from '@isocode/code-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boot, bootSupervised, echo, run } from './helpers.ts'

const PROGRAM = `return [await state.set('k', { v: 1 }), await state.get('k', undefined), await plain.one('a', 'b')]`

describe.each([
  ['in process', boot],
  ['supervised', bootSupervised],
])('positional namespaces (%s)', (_, start) => {
  let app: Awaited<ReturnType<typeof boot | typeof bootSupervised>>
  beforeAll(async () => {
    app = await start({ poolSize: 1 })
  })
  afterAll(() => app.dispose())

  it('gives every member of a positional namespace its arguments as one array; others keep one argument', async () => {
    const seen: unknown[] = []
    const record: CodeBinding = (args) => (seen.push(args), Promise.resolve(args as JsonValue))
    const result = await run(app.runtime, PROGRAM, [
      { global: 'state', functions: { set: record, get: record }, positional: true },
      { global: 'plain', functions: { one: echo } },
    ])
    expect(result.error).toBeUndefined()
    expect(result.value).toEqual([['k', { v: 1 }], ['k'], 'a'])
    expect(seen).toEqual([['k', { v: 1 }], ['k']])
  })
})

it('refuses positional values other than true', async () => {
  const app = await boot({ poolSize: 1 })
  try {
    await expect(
      run(app.runtime, 'return 1', [{ global: 'state', functions: { get: echo }, positional: 'yes' as never }]),
    ).rejects.toSatisfy((error) => error instanceof CodeRuntimeError && /positional must be true/.test(error.message))
  } finally {
    await app.dispose()
  }
})
