import { describe, expect, it } from 'vitest'
import { jsonSchemaToTs, TypeAliases } from '@isocode/sdk-codegen'
import { typecheck } from './helpers.ts'

/** Render with a fresh alias table; returns the expression and `type X = ...;` lines. */
function withAliases(schema: unknown, aliasPrefix = 'T'): { type: string; declarations: string } {
  const aliases = new TypeAliases()
  const type = jsonSchemaToTs(schema, { aliases, aliasPrefix })
  return { type, declarations: aliases.declarations.map((a) => `type ${a.name} = ${a.type};`).join('\n') }
}

describe('local $ref with TypeAliases', () => {
  it('turns a $defs reference into a named alias', () => {
    const schema = { $ref: '#/$defs/Name', $defs: { Name: { type: 'string', description: 'A name.' } } }
    const aliases = new TypeAliases()
    expect(jsonSchemaToTs(schema, { aliases, aliasPrefix: 'ReadFile' })).toBe('ReadFile_Name')
    expect(aliases.declarations).toEqual([{ name: 'ReadFile_Name', type: 'string', description: 'A name.' }])
  })

  it('resolves definitions, property pointers, the root and escaped segments', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { $ref: '#/definitions/A' },
        b: { $ref: '#/properties/a' },
        c: { $ref: '#/$defs/x~1y~0z' },
        d: { $ref: '#/$defs/sp%20ace' },
        self: { $ref: '#' },
      },
      definitions: { A: { type: 'number' } },
      $defs: { 'x/y~z': { type: 'boolean' }, 'sp ace': { type: 'null' } },
    }
    const { type, declarations } = withAliases(schema)
    expect(type).toBe('{\n  a?: T_A;\n  b?: T_A;\n  c?: T_x_y_z;\n  d?: T_sp_ace;\n  self?: T_Root;\n}')
    expect(declarations).toBe(
      ['type T_A = number;', 'type T_x_y_z = boolean;', 'type T_sp_ace = null;', `type T_Root = ${type};`].join('\n'),
    )
  })

  it('degrades remote, missing and malformed references to unknown', () => {
    for (const $ref of ['https://example.com/s.json', '#/$defs/Missing', '#/$defs/%zz', '#anchor', '#/items/0', '']) {
      expect(withAliases({ $ref, $defs: {} }).type).toBe('unknown')
    }
  })

  it('keeps a self-referencing definition as one recursive alias', () => {
    const schema = {
      $ref: '#/$defs/Node',
      $defs: {
        Node: { type: 'object', properties: { next: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] } } },
      },
    }
    const { type, declarations } = withAliases(schema)
    expect(type).toBe('T_Node')
    expect(declarations).toBe('type T_Node = { next?: T_Node | null };')
    expect(typecheck({ 'node.d.ts': `${declarations}\n` })).toEqual([])
  })

  it('turns cycles of direct references into unknown, so the aliases stay valid TypeScript', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, list: { $ref: '#/$defs/List' } },
      $defs: {
        A: { anyOf: [{ $ref: '#/$defs/B' }, { type: 'null' }] },
        B: { allOf: [{ $ref: '#/$defs/A' }] },
        List: { anyOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/List' } }] },
      },
    }
    const { declarations } = withAliases(schema)
    expect(declarations).toBe('type T_A = unknown;\ntype T_List = string | T_List[];\ntype T_B = unknown;')
    expect(typecheck({ 'cycle.d.ts': `${declarations}\n` })).toEqual([])
  })

  it('follows pure $ref chains and cuts pure $ref cycles', () => {
    const chain = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { type: 'string' } } }
    expect(withAliases(chain)).toEqual({ type: 'T_B', declarations: 'type T_B = string;' })
    const loop = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } }
    expect(withAliases(loop)).toEqual({ type: 'unknown', declarations: '' })
  })

  it('handles a chain of 10,000 definitions without deep recursion', () => {
    const $defs: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) $defs[`d${i}`] = { type: 'array', items: { $ref: `#/$defs/d${i + 1}` } }
    $defs.d10000 = { type: 'string' }
    const aliases = new TypeAliases()
    expect(jsonSchemaToTs({ $ref: '#/$defs/d0', $defs }, { aliases, aliasPrefix: 'T' })).toBe('T_d0')
    expect(aliases.declarations).toHaveLength(10_001)
    expect(aliases.declarations.at(-1)).toEqual({ name: 'T_d10000', type: 'string' })
  })

  it('stays linear in size on a diamond of references that would explode if inlined', () => {
    const $defs: Record<string, unknown> = { d30: { type: 'string', description: 'leaf' } }
    for (let i = 29; i >= 0; i--) {
      $defs[`d${i}`] = {
        type: 'object',
        properties: { l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } },
      }
    }
    const schema = { $ref: '#/$defs/d0', $defs }
    const aliases = new TypeAliases()
    const type = jsonSchemaToTs(schema, { aliases, aliasPrefix: 'T' })
    const output = type.length + aliases.declarations.reduce((n, a) => n + a.name.length + a.type.length, 0)
    expect(aliases.declarations).toHaveLength(31)
    expect(output).toBeLessThanOrEqual(2 * JSON.stringify(schema).length)
  })

  it('gives colliding alias names a numeric suffix, shared across schemas', () => {
    const aliases = new TypeAliases()
    jsonSchemaToTs({ $ref: '#/$defs/N', $defs: { N: { type: 'string' } } }, { aliases, aliasPrefix: 'MyTool' })
    jsonSchemaToTs({ $ref: '#/$defs/N', $defs: { N: { type: 'number' } } }, { aliases, aliasPrefix: 'MyTool' })
    expect(aliases.declarations.map((a) => `${a.name}=${a.type}`)).toEqual(['MyTool_N=string', 'MyTool_N_2=number'])
  })
})
