import {
  assertSupportedOutputSchema,
  OutputSchemaError,
  validateStructuredValue,
  type StructuredOutputSchema,
} from '@isocode/registry'
import { describe, expect, it } from 'vitest'

function violationsOf(schema: unknown): readonly string[] {
  let error: unknown
  try {
    assertSupportedOutputSchema(schema)
  } catch (thrown) {
    error = thrown
  }
  if (error === undefined) return []
  // why: anything but an OutputSchemaError (UNSUPPORTED_SCHEMA) comes back as a sentinel the table never expects.
  return error instanceof OutputSchemaError && error.code === 'UNSUPPORTED_SCHEMA'
    ? error.violations
    : [`threw ${String(error)}`]
}

describe('assertSupportedOutputSchema', () => {
  it.each<[string, unknown]>([
    ['empty object', { type: 'object' }],
    [
      'every supported keyword',
      {
        type: 'object',
        title: 'Report',
        description: 'A report',
        properties: {
          id: { type: 'integer', const: 3, enum: [1, 2, 3] },
          name: { type: 'string', enum: ['a', 'b'], default: 'a', examples: ['a'] },
          score: { type: 'number' },
          ok: { type: 'boolean' },
          gone: { type: 'null' },
          tags: { type: 'array', items: { type: 'string' } },
          nested: { type: 'object', properties: { x: {} }, required: ['x'], additionalProperties: false },
          any: {},
          mixed: { enum: ['a', 1, true, null] },
          annotated: { description: 'anything', default: { deep: [1] } },
        },
        required: ['id', 'name'],
        additionalProperties: true,
      },
    ],
  ])('accepts %s', (_name, schema) => {
    expect(violationsOf(schema)).toEqual([])
  })

  it.each<[string, unknown, string[]]>([
    [
      'a non-object root',
      { type: 'array', items: {} },
      ['schema.type must be "object": a structured output is object-rooted'],
    ],
    ['an untyped root', {}, ['schema.type must be "object": a structured output is object-rooted']],
    [
      'type arrays',
      { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      ['schema.properties.a.type must be a single type string; type arrays are not supported'],
    ],
    [
      'an unknown type',
      { type: 'object', properties: { a: { type: 'date' } } },
      ['schema.properties.a.type must be one of "object", "array", "string", "number", "integer", "boolean", "null"'],
    ],
    [
      'unknown keywords',
      { type: 'object', properties: { a: { type: 'string', minLength: 1 }, b: { oneOf: [{}, {}] } } },
      [
        'schema.properties.a.minLength is not supported (outside the structured-output subset)',
        'schema.properties.b.oneOf is not supported (outside the structured-output subset)',
      ],
    ],
    [
      'required naming an undeclared key',
      { type: 'object', properties: { a: {} }, required: ['a', 'b'] },
      ['schema.required names "b", which is not declared in properties'],
    ],
    [
      'required without properties',
      { type: 'object', required: ['a'] },
      ['schema.required names "a", which is not declared in properties'],
    ],
    [
      'schema-valued additionalProperties',
      { type: 'object', additionalProperties: {} },
      ['schema.additionalProperties must be true or false (a schema there is not supported)'],
    ],
    [
      'items on a string',
      { type: 'object', properties: { a: { type: 'string', items: {} } } },
      ['schema.properties.a.items needs type: "array" beside it'],
    ],
    [
      'properties without a type',
      { type: 'object', properties: { a: { properties: {} } } },
      ['schema.properties.a.properties needs type: "object" beside it'],
    ],
    [
      'tuple items',
      { type: 'object', properties: { a: { type: 'array', items: [{}] } } },
      ['schema.properties.a.items must be one schema object (tuple form is not supported)'],
    ],
    [
      'object enum members',
      { type: 'object', properties: { a: { enum: [{}] } } },
      ['schema.properties.a.enum members must be strings, numbers, booleans or null'],
    ],
    [
      'an empty enum',
      { type: 'object', properties: { a: { enum: [] } } },
      ['schema.properties.a.enum must be a non-empty array'],
    ],
    [
      'a mistyped enum member',
      { type: 'object', properties: { a: { type: 'integer', enum: [1, 1.5] } } },
      ['schema.properties.a.enum member 1.5 does not match type "integer"'],
    ],
    [
      'a duplicate enum member',
      { type: 'object', properties: { a: { enum: [1, 1] } } },
      ['schema.properties.a.enum lists a value twice'],
    ],
    [
      'an object const',
      { type: 'object', properties: { a: { const: {} } } },
      ['schema.properties.a.const must be a string, number, boolean or null'],
    ],
    [
      'a mistyped const',
      { type: 'object', properties: { a: { type: 'string', const: 1 } } },
      ['schema.properties.a.const 1 does not match type "string"'],
    ],
    [
      'a const outside its enum',
      { type: 'object', properties: { a: { enum: ['x'], const: 'y' } } },
      ['schema.properties.a.const "y" is not in enum'],
    ],
    ['a non-string description', { type: 'object', description: 1 }, ['schema.description must be a string']],
    ['non-array examples', { type: 'object', examples: 1 }, ['schema.examples must be an array of examples']],
    ['a non-object node', { type: 'object', properties: { a: true } }, ['schema.properties.a must be a schema object']],
    [
      'non-JSON annotations',
      { type: 'object', default: 1n },
      ['schema.default: BigInt is not JSON (a schema must be plain JSON data)'],
    ],
  ])('rejects %s', (_name, schema, expected) => {
    expect(violationsOf(schema)).toEqual(expected)
  })

  it('lists every violation in one error', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: ['string'] }, b: { type: 'string', pattern: 'x' } },
      required: ['c'],
    }
    expect(() => assertSupportedOutputSchema(schema)).toThrow(
      'unsupported output schema:\n- schema.required names "c", which is not declared in properties\n- schema.properties.a.type must be a single type string; type arrays are not supported\n- schema.properties.b.pattern is not supported (outside the structured-output subset)',
    )
  })

  it('rejects a cyclic schema as one violation instead of looping', () => {
    const node: Record<string, unknown> = { type: 'object' }
    node.properties = { self: node }
    expect(violationsOf(node)).toEqual([
      'schema.properties.self: cycle (refers back to $) (a schema must be plain JSON data)',
    ])
  })

  it('narrows the type', () => {
    const schema: unknown = { type: 'object' }
    assertSupportedOutputSchema(schema)
    const typed: StructuredOutputSchema = schema
    expect(typed.type).toBe('object')
  })
})

const report = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['ok', 'failed'] },
    version: { const: 2 },
    score: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    },
    extra: {},
    gone: { type: 'null' },
  },
  required: ['id', 'status'],
} as const satisfies StructuredOutputSchema

describe('validateStructuredValue', () => {
  it.each<[string, unknown, string[]]>([
    ['a minimal valid value', { id: 1, status: 'ok' }, []],
    [
      'a full valid value',
      {
        id: 1,
        status: 'failed',
        version: 2,
        score: 0.5,
        tags: ['a'],
        owner: { name: 'x' },
        extra: { any: [null] },
        gone: null,
        more: 1,
      },
      [],
    ],
    ['-0 is the number 0', { id: -0, status: 'ok' }, []],
    ['a missing required key', { status: 'ok' }, ['missing required property value.id']],
    ['a non-integer', { id: 1.5, status: 'ok' }, ['value.id must be an integer (got number)']],
    ['a bad enum member', { id: 1, status: 'meh' }, ['value.status must be one of "ok", "failed" (got "meh")']],
    ['a bad const', { id: 1, status: 'ok', version: 3 }, ['value.version must be 2 (got 3)']],
    ['a wrong item', { id: 1, status: 'ok', tags: ['a', 2] }, ['value.tags[1] must be a string (got number)']],
    [
      'an undeclared key in a closed object',
      { id: 1, status: 'ok', owner: { name: 'x', age: 3 } },
      ['value.owner.age is not a declared property (additionalProperties: false)'],
    ],
    ['a missing nested key', { id: 1, status: 'ok', owner: {} }, ['missing required property value.owner.name']],
    ['an array where an object belongs', [], ['value must be an object (got array)']],
    ['null for a non-null', { id: null, status: 'ok' }, ['value.id must be an integer (got null)']],
    [
      'every violation at once',
      { id: 'x', status: 1, tags: {} },
      [
        'value.id must be an integer (got string)',
        'value.status must be a string (got number)',
        'value.tags must be an array (got object)',
      ],
    ],
  ])('%s', (_name, value, expected) => {
    expect(validateStructuredValue(report, value)).toEqual(expected)
  })

  it('returns the schema violations for an unsupported schema instead of throwing', () => {
    expect(validateStructuredValue({ type: 'string' }, 'x')).toEqual([
      'schema.type must be "object": a structured output is object-rooted',
    ])
  })

  it('is total on hostile values', () => {
    const cyclic: Record<string, unknown> = { id: 1, status: 'ok' }
    cyclic.extra = cyclic
    expect(validateStructuredValue(report, cyclic)).toEqual([
      'value.extra: cycle (refers back to $) (the value must be plain JSON data)',
    ])
    expect(validateStructuredValue(report, { id: 1n, status: 'ok' })).toEqual([
      'value.id: BigInt is not JSON (the value must be plain JSON data)',
    ])
    const getter = Object.defineProperty({ status: 'ok' }, 'id', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    expect(validateStructuredValue(report, getter)).toEqual([
      'value.id: reading it threw: boom (the value must be plain JSON data)',
    ])
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap')
        },
      },
    )
    expect(validateStructuredValue(report, trap)).toHaveLength(1)
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(validateStructuredValue(report, proxy)).toHaveLength(1)
    expect(validateStructuredValue(proxy, {})).toHaveLength(1)
    expect(validateStructuredValue(report, new Date(0))).toEqual([
      'value: Date is not a plain object (the value must be plain JSON data)',
    ])
  })

  it('validates deep values iteratively', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 50_000; i++) deep = [deep]
    expect(validateStructuredValue(report, { id: 1, status: 'ok', extra: deep })).toEqual([])
    let schema: Record<string, unknown> = { type: 'string' }
    let value: unknown = 3
    for (let i = 0; i < 20_000; i++) {
      schema = { type: 'array', items: schema }
      value = [value]
    }
    const violations = validateStructuredValue({ type: 'object', properties: { a: schema } }, { a: value })
    expect(violations).toHaveLength(1)
    expect(violations[0]).toMatch(/^value\.a(\[0\]){20000} must be a string \(got number\)$/)
  })
})
