import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonSchemaToTs, MAX_SCHEMA_DEPTH } from '@isocode/sdk-codegen'

/** A string array type nested `depth` schemas deep. */
function nest(depth: number): unknown {
  let schema: unknown = { type: 'string' }
  for (let i = 1; i < depth; i++) schema = { type: 'array', items: schema }
  return schema
}

// why: the table doubles as the format's documentation: one construct per row, exact output.
const cases: Array<[string, unknown, string]> = [
  ['string', { type: 'string' }, 'string'],
  ['number', { type: 'number' }, 'number'],
  ['integer', { type: 'integer' }, 'number'],
  ['boolean', { type: 'boolean' }, 'boolean'],
  ['null', { type: 'null' }, 'null'],
  ['true schema', true, 'unknown'],
  ['false schema', false, 'never'],
  ['empty schema', {}, 'unknown'],
  ['string enum', { type: 'string', enum: ['a', 'b'] }, '"a" | "b"'],
  ['enum of every JSON literal', { enum: ['x', 1, -2.5, true, null] }, '"x" | 1 | -2.5 | true | null'],
  ['enum duplicates collapse', { enum: ['a', 'a'] }, '"a"'],
  ['empty enum', { enum: [] }, 'never'],
  ['enum with an object member', { enum: ['a', { b: 1 }] }, 'unknown'],
  ['const string', { const: 'v1' }, '"v1"'],
  ['const null', { const: null }, 'null'],
  ['const wins over type', { type: 'string', const: 'x' }, '"x"'],
  ['string literal escaping', { const: 'say "hi"\n\u2028' }, '"say \\"hi\\"\\n\\u2028"'],
  ['type array (nullable)', { type: ['string', 'null'] }, 'string | null'],
  ['type array duplicates', { type: ['integer', 'number'] }, 'number'],
  ['OpenAPI nullable', { type: 'number', nullable: true }, 'number | null'],
  ['unknown type name', { type: 'banana' }, 'unknown'],
  ['non-string type', { type: 7 }, 'unknown'],
  [
    'object required and optional',
    { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] },
    '{ a: string; b?: number }',
  ],
  ['object keeps property order', { type: 'object', properties: { z: {}, a: {} } }, '{ z?: unknown; a?: unknown }'],
  [
    'property description as JSDoc',
    { type: 'object', properties: { a: { type: 'string', description: ' The\n a. ' } } },
    '{\n  /** The a. */ a?: string;\n}',
  ],
  [
    'description comment terminator',
    { type: 'object', properties: { a: { description: 'x */ y' } } },
    '{\n  /** x *\\/ y */ a?: unknown;\n}',
  ],
  ['object without type keyword', { properties: { a: { type: 'boolean' } } }, '{ a?: boolean }'],
  ['closed empty object', { type: 'object', properties: {}, additionalProperties: false }, '{}'],
  ['empty properties', { type: 'object', properties: {} }, '{}'],
  ['any object', { type: 'object' }, '{ [key: string]: unknown }'],
  ['dictionary', { type: 'object', additionalProperties: { type: 'number' } }, '{ [key: string]: number }'],
  [
    'explicitly open object',
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
    '{ a?: string; [key: string]: unknown }',
  ],
  [
    'properties plus typed extras',
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } },
    '{ a?: string } & { [key: string]: number }',
  ],
  [
    'patternProperties',
    { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
    '{ [key: string]: string }',
  ],
  [
    'non-identifier keys are quoted',
    { type: 'object', properties: { 'a-b': {}, '1st': {}, é: {}, $ok: {} } },
    '{\n  "a-b"?: unknown;\n  "1st"?: unknown;\n  "é"?: unknown;\n  $ok?: unknown;\n}',
  ],
  [
    'short nested object',
    { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'null' } } } } },
    '{ o?: { x?: null } }',
  ],
  [
    'nested object indentation',
    { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'null', description: 'X.' } } } } },
    '{\n  o?: {\n    /** X. */ x?: null;\n  };\n}',
  ],
  [
    'object longer than 60 characters',
    {
      type: 'object',
      properties: { filename: { type: 'string' }, directory: { type: 'string' }, recursive: { type: 'boolean' } },
    },
    '{\n  filename?: string;\n  directory?: string;\n  recursive?: boolean;\n}',
  ],
  ['array of strings', { type: 'array', items: { type: 'string' } }, 'string[]'],
  ['array without items', { type: 'array' }, 'unknown[]'],
  ['array of a union', { type: 'array', items: { type: ['string', 'number'] } }, '(string | number)[]'],
  ['array of a negative literal', { type: 'array', items: { const: -1 } }, '(-1)[]'],
  ['array implied by items', { items: { type: 'boolean' } }, 'boolean[]'],
  [
    'closed tuple (prefixItems)',
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2 },
    '[string, number]',
  ],
  [
    'open tuple with rest',
    { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' }, minItems: 1 },
    '[string, ...boolean[]]',
  ],
  [
    'tuple closed by maxItems',
    { type: 'array', prefixItems: [{ type: 'string' }], minItems: 1, maxItems: 1 },
    '[string]',
  ],
  [
    'tuple optional elements',
    { type: 'array', prefixItems: [{ type: 'string' }, { type: ['number', 'null'] }], items: false, minItems: 1 },
    '[string, (number | null)?]',
  ],
  ['tuple open by default', { type: 'array', prefixItems: [{ type: 'string' }] }, '[string?, ...unknown[]]'],
  [
    'array-form items tuple',
    { type: 'array', items: [{ type: 'string' }], additionalItems: false, minItems: 1 },
    '[string]',
  ],
  [
    'array-form items with additionalItems',
    { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'null' }, minItems: 1 },
    '[string, ...null[]]',
  ],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }, 'string | number'],
  ['oneOf', { oneOf: [{ const: 'a' }, { const: 'b' }] }, '"a" | "b"'],
  [
    'allOf',
    {
      allOf: [
        { type: 'object', properties: { a: {} } },
        { type: 'object', properties: { b: {} } },
      ],
    },
    '{ a?: unknown } & { b?: unknown }',
  ],
  ['allOf of one member', { allOf: [{ type: 'string' }] }, 'string'],
  ['unknown swallows a union', { anyOf: [{ type: 'string' }, {}] }, 'unknown'],
  ['never drops out of a union', { anyOf: [{ type: 'string' }, false] }, 'string'],
  [
    'type keywords intersect with anyOf',
    { type: 'string', anyOf: [{ const: 'a' }, { const: 'b' }] },
    'string & ("a" | "b")',
  ],
  [
    'union of intersections is parenthesized',
    { anyOf: [{ allOf: [{ type: 'string' }, { const: 'a' }] }, { type: 'null' }] },
    '(string & "a") | null',
  ],
  [
    'anyOf of required-only members adds nothing',
    { type: 'object', properties: { a: {} }, anyOf: [{ required: ['a'] }, { required: ['b'] }] },
    '{ a?: unknown }',
  ],
  ['$ref without an alias table', { $ref: '#/$defs/A', $defs: { A: { type: 'string' } } }, 'unknown'],
  ['not and if are ignored', { not: { type: 'string' }, if: { type: 'string' } }, 'unknown'],
]

describe('jsonSchemaToTs', () => {
  it.each(cases)('%s', (_name, schema, expected) => {
    expect(jsonSchemaToTs(schema)).toBe(expected)
  })

  it('indents nested lines from the given indent', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', description: 'A.' } } }
    expect(jsonSchemaToTs(schema, { indent: '    ' })).toBe('{\n      /** A. */ a?: string;\n    }')
  })

  it.each([
    null,
    0,
    -1,
    'string',
    [],
    [{ type: 'string' }],
    Number.NaN,
    { type: null },
    { properties: [] },
    { items: 'x' },
  ])('degrades the non-schema %j to unknown or a safe shape', (value) => {
    expect(typeof jsonSchemaToTs(value)).toBe('string')
  })

  it.each(['items', 'anyOf', 'allOf', 'properties', 'additionalProperties', 'prefixItems'])(
    'bounds 10,000-deep nesting through %s',
    (keyword) => {
      let schema: unknown = { type: 'string' }
      for (let i = 0; i < 10_000; i++) {
        if (keyword === 'items') schema = { type: 'array', items: schema }
        else if (keyword === 'anyOf' || keyword === 'allOf' || keyword === 'prefixItems')
          schema = { [keyword]: [schema] }
        else if (keyword === 'properties') schema = { type: 'object', properties: { a: schema } }
        else schema = { type: 'object', additionalProperties: schema }
      }
      const out = jsonSchemaToTs(schema)
      expect(out).toContain('unknown')
      expect(out.length).toBeLessThan(MAX_SCHEMA_DEPTH * 200)
    },
  )

  it('renders an array nested exactly to the depth bound, and unknown beyond it', () => {
    expect(jsonSchemaToTs(nest(MAX_SCHEMA_DEPTH))).toBe(`string${'[]'.repeat(MAX_SCHEMA_DEPTH - 1)}`)
    expect(jsonSchemaToTs(nest(MAX_SCHEMA_DEPTH + 1))).toBe(`unknown${'[]'.repeat(MAX_SCHEMA_DEPTH)}`)
  })

  it('cuts object-identity cycles that a JavaScript caller can build', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} }
    schema.properties = { self: schema }
    expect(jsonSchemaToTs(schema)).toBe('{ self?: unknown }')
  })

  it('never throws on arbitrary JSON, and returns a non-empty string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonSchemaToTs(value).length).toBeGreaterThan(0)
      }),
      { numRuns: 300 },
    )
  })

  it('never throws on arbitrary objects with schema keywords', () => {
    const keyword = fc.constantFrom(
      'type',
      'properties',
      'required',
      'items',
      'prefixItems',
      'anyOf',
      'oneOf',
      'allOf',
      'enum',
      'const',
      'additionalProperties',
      'patternProperties',
      'nullable',
      '$ref',
      'description',
    )
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 1 }),
        fc.dictionary(keyword, tie('node'), { maxKeys: 4 }),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node
    fc.assert(
      fc.property(value, (schema) => {
        expect(typeof jsonSchemaToTs(schema)).toBe('string')
      }),
      { numRuns: 300 },
    )
  })
})
