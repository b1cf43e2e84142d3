// The check before the run through the facade: on by default, a broken program runs no
// call and fails with kind `check`; `check: false` hands the same program to the runtime.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const calls: unknown[] = []
const tools = {
  get_weather: {
    description: 'Current weather of a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: async (args: { city: string }) => {
      calls.push(args)
      return `sunny in ${args.city}`
    },
  },
}
// why: the first call succeeds, so a run that was not checked makes one call before it fails.
const BROKEN = `await tools.get_weather({ city: 'Oslo' })\nreturn await tools.get_wether({ city: 'Rome' })`

let checked: CodeMode
let unchecked: CodeMode
beforeAll(async () => {
  checked = await createCodeMode({ isolation: 'isolate', tools })
  unchecked = await createCodeMode({ isolation: 'isolate', tools, check: false })
  // why: the shared checker starts on the first check and a check that outlasts its start lets the
  // program run unchecked; warm it so the verdicts below hold on a machine of any speed.
  while ((await checked.run(BROKEN)).error?.kind !== 'check') await new Promise((resolve) => setTimeout(resolve, 20))
  calls.length = 0
})
afterAll(async () => {
  await checked.close()
  await unchecked.close()
})

describe('the check before the run (createCodeMode)', () => {
  it('is on by default: a misspelled tool runs no call, kind check, with the line:column and the nearest name', async () => {
    const result = await checked.run(BROKEN)
    expect(calls).toEqual([])
    expect(result.ok).toBe(false)
    expect(result.error).toMatchObject({ kind: 'check', line: 2, column: 20 })
    expect(result.text).toContain('did you mean tools.get_weather? (at 2:20)')
    expect(result.usage.toolCalls).toBe(0)
  })

  it('`check: false` runs the same program: the first call is made, the second fails at run time', async () => {
    const result = await unchecked.run(BROKEN)
    expect(calls).toEqual([{ city: 'Oslo' }])
    expect(result.error?.kind).toBe('exception')
  })

  it('`check` must be a boolean', async () => {
    await expect(createCodeMode({ tools, check: 'no' as unknown as boolean })).rejects.toThrow(
      /check must be true or false/,
    )
  })
})
