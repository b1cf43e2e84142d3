// A result over the store's cap (1 MiB by default) is not recorded: the run fails as kind `store`
// naming the tool and the cap, and the program never sees the unrecorded value.
import { createCodeMode } from 'isocode'
import { expect, it } from 'vitest'

it('a 2 MiB result fails the run clearly instead of being recorded', async () => {
  await using cm = await createCodeMode({
    isolation: 'isolate',
    // why: a store given records every run, gated tool or not.
    store: 'memory:',
    budgets: { outputBytes: 4 * 1024 * 1024 },
    tools: { big: { inputSchema: { type: 'object' }, execute: async () => 'x'.repeat(2 * 1024 * 1024) } },
  })
  const result = await cm.run(`const v = await tools.big({})
console.log('got', v.length)
return v.length`)
  expect(result).toMatchObject({ ok: false, status: 'failed', error: { kind: 'store' } })
  expect(result.error?.message).toMatch(/^the result of tools\.big \(call 1\) could not be recorded: .*cap of 1 MiB/)
  expect(result.logs).toEqual([])
  expect((await cm.runs.get(result.runId as string))?.status).toBe('failed')
})
