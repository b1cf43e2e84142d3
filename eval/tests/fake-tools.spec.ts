// The 500-tool set's fake executes: every tool gets one, answers are a function of the call (the
// same call, in any key order, gets the same answer), and they fit the declared output schema.
import { describe, expect, it } from 'vitest'
import { validateStructuredValue } from '@isocode/registry'
import type { JsonObject } from '@isocode/registry'
import { fakeAnswer, fakeTools } from '../lib/fake-tools.ts'

const tools = fakeTools()

describe('fakeTools', () => {
  it('makes all 500 tools of the fixture callable, each with an output schema', () => {
    expect(tools).toHaveLength(500)
    expect(tools.every((tool) => tool.outputSchema !== undefined && typeof tool.execute === 'function')).toBe(true)
  })

  it('answers the same call the same way, whatever the order of its arguments', () => {
    expect(fakeAnswer('list_ticket_090', { id: 'ops', x: 1 })).toEqual(
      fakeAnswer('list_ticket_090', { x: 1, id: 'ops' }),
    )
    expect(fakeAnswer('list_ticket_090', { id: 'ops' })).not.toEqual(fakeAnswer('list_ticket_090', { id: 'dev' }))
    expect(fakeAnswer('get_invoice_315', { status: 1, id: '4321' })).toMatchObject({ id: 4321, name: 'invoice-4321' })
  })

  it("fits every tool's answer to its output schema", async () => {
    for (const tool of tools) {
      const output = await tool.execute({}, undefined as never)
      const value = Array.isArray(output) ? undefined : output.structuredContent
      expect({ tool: tool.name, violations: validateStructuredValue(tool.outputSchema as JsonObject, value) }).toEqual({
        tool: tool.name,
        violations: [],
      })
    }
  })
})
