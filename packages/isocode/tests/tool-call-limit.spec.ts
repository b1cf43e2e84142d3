// The tool-call budget in one count: usage says the calls dispatched, so it equals the
// budget, and the failure gives the line:column of the refused call, on both isolations.
import { createCodeMode } from 'isocode'
import { describe, expect, it } from 'vitest'

describe.each(['isolate', 'process'] as const)('isolation %s', (isolation) => {
  it('a loop past budgets.toolCalls: usage.toolCalls equals the budget and the failure names the refused call', async () => {
    let calls = 0
    const cm = await createCodeMode({
      isolation,
      concurrency: 1,
      budgets: { toolCalls: 3 },
      tools: { tick: { inputSchema: { type: 'object' }, execute: async () => ++calls } },
    })
    try {
      const result = await cm.run('for (let i = 0; i < 10; i++) {\n  await tools.tick({})\n}')
      expect(calls).toBe(3)
      expect(result.usage.toolCalls).toBe(3)
      expect(result.error).toEqual({
        kind: 'tool-call-limit',
        message:
          'the program made more than 3 tool calls (toolCalls); call 4 was not run (at 2:15). Do more per call (a tool that takes a list, a narrower query) or split the work across run_code calls.',
        line: 2,
        column: 15,
      })
      expect(result.text).toContain('2 |   await tools.tick({})\n  |               ^')
    } finally {
      await cm.close()
    }
  })
})
