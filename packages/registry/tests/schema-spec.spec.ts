import { RegistryError, schemaSpecToJsonSchema, type SchemaSpec } from '@isocode/registry'
import { describe, expect, it } from 'vitest'

function caught(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('schemaSpecToJsonSchema', () => {
  it.each<[string, SchemaSpec, object]>([
    ['empty spec', {}, { type: 'object', properties: {} }],
    [
      'the read_file example',
      {
        path: { type: 'string', required: true, description: 'Absolute file path' },
        offset: { type: 'number' },
        limit: { type: 'number' },
      },
      {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Absolute file path' },
          offset: { type: 'number' },
          limit: { type: 'number' },
        },
        required: ['path'],
      },
    ],
    [
      'required list in declaration order, required: false omitted',
      {
        b: { type: 'boolean', required: true },
        a: { type: 'integer', required: false },
        c: { type: 'string', required: true },
      },
      {
        type: 'object',
        properties: { b: { type: 'boolean' }, a: { type: 'integer' }, c: { type: 'string' } },
        required: ['b', 'c'],
      },
    ],
    [
      'string enum and default are kept as annotations',
      { mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast', description: 'Speed' } },
      {
        type: 'object',
        properties: { mode: { type: 'string', description: 'Speed', enum: ['fast', 'slow'], default: 'fast' } },
      },
    ],
    [
      'nested object with properties and its own required list',
      {
        opts: {
          type: 'object',
          required: true,
          properties: { depth: { type: 'integer', required: true }, tag: { type: 'string' } },
        },
      },
      {
        type: 'object',
        properties: {
          opts: {
            type: 'object',
            properties: { depth: { type: 'integer' }, tag: { type: 'string' } },
            required: ['depth'],
          },
        },
        required: ['opts'],
      },
    ],
    [
      'object and array without properties/items stay bare',
      { meta: { type: 'object' }, list: { type: 'array' } },
      { type: 'object', properties: { meta: { type: 'object' }, list: { type: 'array' } } },
    ],
    [
      'array of objects',
      { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', required: true } } } } },
      {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      },
    ],
    [
      'object with empty properties keeps them',
      { o: { type: 'object', properties: {} } },
      { type: 'object', properties: { o: { type: 'object', properties: {} } } },
    ],
  ])('%s', (_name, spec, expected) => {
    const schema = schemaSpecToJsonSchema(spec)
    expect(schema).toStrictEqual(expected)
    // why: the wire form must be exactly what JSON carries, key order included.
    expect(JSON.stringify(schema)).toBe(JSON.stringify(expected))
  })

  it('is deterministic and detached from the spec', () => {
    const spec = {
      tags: { type: 'array', items: { type: 'string' } },
      d: { type: 'object', default: { a: [1] } },
    } as const
    const first = schemaSpecToJsonSchema(spec)
    const second = schemaSpecToJsonSchema(spec)
    expect(second).toStrictEqual(first)
    ;(first.properties as { d: { default: { a: number[] } } }).d.default.a.push(2)
    expect(schemaSpecToJsonSchema(spec)).toStrictEqual(second)
  })

  it('keeps a property named __proto__ as data', () => {
    const spec = JSON.parse('{"__proto__": {"type": "string", "required": true}}') as SchemaSpec
    const schema = schemaSpecToJsonSchema(spec)
    expect(Object.keys(schema.properties as object)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype)
    expect(schema.required).toEqual(['__proto__'])
  })

  it('compiles a 5,000-deep spec without recursion', () => {
    let spec: SchemaSpec = { leaf: { type: 'string' } }
    for (let i = 0; i < 5000; i++) spec = { n: { type: 'object', properties: spec } }
    let schema = schemaSpecToJsonSchema(spec) as Record<string, unknown>
    let depth = 0
    while ((schema.properties as Record<string, unknown>).n !== undefined) {
      schema = (schema.properties as Record<string, Record<string, unknown>>).n as Record<string, unknown>
      depth++
    }
    expect(depth).toBe(5000)
  })
})

describe('schemaSpecToJsonSchema rejects authoring errors loudly', () => {
  const cases: Array<[string, unknown, string]> = [
    ['non-object spec', [], 'parameters must be a plain object'],
    ['property that is not an object', { a: 'string' }, 'parameters.a must be a property spec object'],
    [
      'unknown type',
      { a: { type: 'str' } },
      `parameters.a.type must be one of 'string', 'number', 'integer', 'boolean', 'object', 'array' (got "str")`,
    ],
    ['null type is outside the DSL', { a: { type: 'null' } }, 'parameters.a.type must be one of'],
    ['missing type', { a: {} }, '(got undefined)'],
    ['unknown field', { a: { type: 'string', minLength: 1 } }, 'parameters.a.minLength is not a SchemaSpec field'],
    ['enum on a number', { a: { type: 'number', enum: ['1'] } }, `parameters.a.enum is only allowed on type 'string'`],
    [
      'items on an object',
      { a: { type: 'object', items: { type: 'string' } } },
      `parameters.a.items is only allowed on type 'array'`,
    ],
    ['non-boolean required', { a: { type: 'string', required: 'yes' } }, 'parameters.a.required must be true or false'],
    [
      'required on items',
      { a: { type: 'array', items: { type: 'string', required: true } } },
      'parameters.a.items.required has no meaning',
    ],
    ['empty enum', { a: { type: 'string', enum: [] } }, 'parameters.a.enum must be a non-empty array of strings'],
    [
      'non-string enum',
      { a: { type: 'string', enum: ['a', 1] } },
      'parameters.a.enum must be a non-empty array of strings',
    ],
    ['duplicate enum', { a: { type: 'string', enum: ['a', 'a'] } }, 'lists a string twice'],
    ['non-string description', { a: { type: 'string', description: 1 } }, 'parameters.a.description must be a string'],
    ['non-JSON default', { a: { type: 'number', default: Number.NaN } }, 'parameters.a.default must be JSON data'],
    [
      'default of the wrong type',
      { a: { type: 'number', default: 'x' } },
      'parameters.a.default must be a number (got string)',
    ],
    [
      'default outside the enum',
      { a: { type: 'string', enum: ['x'], default: 'y' } },
      'parameters.a.default must be one of "x"',
    ],
    ['odd key paths are quoted', { 'my key': { type: 'nope' } }, 'parameters["my key"].type'],
  ]
  it.each(cases)('%s', (_name, spec, message) => {
    const error = caught(() => schemaSpecToJsonSchema(spec as SchemaSpec))
    expect(error).toBeInstanceOf(RegistryError)
    expect((error as RegistryError).code).toBe('INVALID_DEFINITION')
    expect((error as RegistryError).message).toContain(message)
  })

  it('lists every problem at once', () => {
    const spec = { a: { type: 'nope' }, b: { type: 'string', extra: 1 }, c: { type: 'array', items: { type: 'x' } } }
    expect(() => schemaSpecToJsonSchema(spec as unknown as SchemaSpec)).toThrow(
      /parameters\.a\.type[\s\S]*parameters\.b\.extra[\s\S]*parameters\.c\.items\.type/,
    )
  })

  it('refuses a cycle but allows a shared sibling spec', () => {
    const shared = { type: 'string' } as const
    expect(schemaSpecToJsonSchema({ a: shared, b: shared })).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    })
    const loop: Record<string, unknown> = { type: 'object' }
    loop.properties = { self: loop }
    expect(() => schemaSpecToJsonSchema({ root: loop } as unknown as SchemaSpec)).toThrow(
      'parameters.root.properties.self refers back',
    )
  })
})
