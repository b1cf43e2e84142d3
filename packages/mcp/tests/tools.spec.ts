import { toDefinition } from '../src/tools.ts'
import type { ToolExecution } from '@isocode/registry'
import { describe, expect, it } from 'vitest'

const forward = async (): Promise<[]> => []
const input = { type: 'object', properties: { a: { type: 'number' } } }

describe('toDefinition', () => {
  it('keeps the raw input and output schemas and the description', () => {
    const mapped = toDefinition(
      'srv',
      false,
      { name: 'sum', description: 'Add.', inputSchema: input, outputSchema: { type: 'object' } },
      forward,
    )
    expect(mapped).toMatchObject({
      ok: true,
      definition: { name: 'sum', description: 'Add.', parameters: input, outputSchema: { type: 'object' } },
    })
  })

  it('namespaces as server__tool and forwards the server-side name', async () => {
    const seen: string[] = []
    const mapped = toDefinition(
      'srv',
      true,
      { name: 'get-sum', inputSchema: input },
      async (remote) => (seen.push(remote), []),
    )
    if (!mapped.ok) throw new Error(mapped.reason)
    expect(mapped.definition.name).toBe('srv__get-sum')
    expect(mapped.definition.group).toBe('srv')
    await mapped.definition.execute({}, {} as ToolExecution)
    expect(seen).toEqual(['get-sum'])
  })

  it('marks every tool of a concurrency-safe server, and no other', () => {
    const safe = toDefinition('srv', false, { name: 'sum', inputSchema: input }, forward, true)
    const plain = toDefinition('srv', false, { name: 'sum', inputSchema: input }, forward)
    expect(safe.ok && safe.definition.concurrencySafe).toBe(true)
    expect(plain.ok && plain.definition.concurrencySafe).toBeUndefined()
  })

  it.each([
    ['a name with spaces', { name: 'two words', inputSchema: input }, 'not 1-128 characters'],
    ['an empty name', { name: '', inputSchema: input }, 'not 1-128 characters'],
    ['a missing inputSchema', { name: 'x', inputSchema: undefined }, 'inputSchema is not a JSON Schema object'],
    [
      'a task-only tool',
      { name: 'x', inputSchema: input, execution: { taskSupport: 'required' } },
      'task-based execution',
    ],
  ])('skips %s with a reason', (_case, tool, reason) => {
    const mapped = toDefinition('srv', false, tool, forward)
    expect(mapped.ok).toBe(false)
    expect(mapped.ok ? '' : mapped.reason).toContain(reason)
  })
})
