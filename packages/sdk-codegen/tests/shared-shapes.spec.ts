import { describe, expect, it } from 'vitest'
import { renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import { loadToolSets, toolMemberNames, typecheck } from './helpers.ts'

const memory = loadToolSets().find((s) => s.name === 'mcp-memory')?.tools ?? []
const person = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Full name.' },
    email: { type: 'string', description: 'Work address.' },
  },
  required: ['name'],
}
const tool = (name: string, properties: Record<string, unknown>, outputSchema?: unknown): ToolSchema => ({
  name,
  parameters: { type: 'object', properties },
  ...(outputSchema === undefined ? {} : { outputSchema }),
})

describe('shapes several places repeat are declared once', () => {
  it('server-memory: Entity and Relation become named types the members use', () => {
    const text = renderToolsSdk(memory)
    expect(text).toContain('type Entity = {\n  /** The name of the entity */ name: string;\n')
    expect(text).toContain('type Relation = {\n')
    expect(text).toContain('  read_graph: (args: {}) => Promise<{ entities: Entity[]; relations: Relation[] }>;\n')
    expect(text.match(/relationType: string;/g)).toHaveLength(1)
    expect(typecheck({ 'sdk.d.ts': text })).toEqual([])
    expect(toolMemberNames(text)).toEqual(toolMemberNames(renderToolsSdk(memory, { sharedTypes: false })))
  })

  it('matches by the rendered type, so an output schema closed with additionalProperties shares the input shape', () => {
    const closed = { ...person, additionalProperties: false }
    const text = renderToolsSdk([tool('add', { person }, { type: 'object', properties: { person: closed } })], {
      instructions: false,
    })
    expect(text).toContain('type Person = {')
    expect(text).toContain('  add: (args: { person?: Person }) => Promise<{ person?: Person }>;\n')
  })

  it('leaves a shape used once, or a small one, inline', () => {
    const once = renderToolsSdk([tool('add', { person })], { instructions: false })
    expect(once).not.toContain('type ')
    const small = { type: 'object', properties: { a: { type: 'string' } } }
    expect(renderToolsSdk([tool('x', { small }), tool('y', { small })], { instructions: false })).not.toContain('type ')
  })

  it('never shadows a type the model knows: a shape under "errors" is not named Error', () => {
    const text = renderToolsSdk(
      [
        tool('a', { errors: { type: 'array', items: person } }),
        tool('b', { errors: { type: 'array', items: person } }),
      ],
      { instructions: false },
    )
    expect(text).toContain('type Error2 = {')
    expect(text).toContain('errors?: Error2[] }')
    expect(typecheck({ 'sdk.d.ts': text, 'use.ts': 'const e: Error = new Error("x"); export {}\n' })).toEqual([])
  })

  it('is the same text for any input order', () => {
    expect(renderToolsSdk(memory.toReversed())).toBe(renderToolsSdk(memory))
  })
})
