import {
  assertSupportedOutputSchema,
  schemaSpecToJsonSchema,
  validateArgs,
  validateStructuredValue,
  type OutputSchemaNode,
  type PropertySpec,
  type SchemaSpec,
} from '@isocode/registry'
import { Ajv } from 'ajv'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'

// why: ajv is an independent JSON Schema implementation, so agreement with it checks that the
// validators mirror the schemas they claim to, not a second copy of our own reading of them.
// Compiling is the slow part (ms per schema), so each run checks several values per schema.
const ajv = new Ajv({ strict: false, ownProperties: true })
const oracle = (schema: object): ((value: unknown) => boolean) => {
  const check = ajv.compile(schema)
  return (value) => check(value)
}

type Rec = Record<string, unknown>
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)
const KEYS = ['a', 'b', 'c', 'd', 'a b', 'constructor', '0']

// ---- SchemaSpec generation -------------------------------------------------------------------

const flag = fc.option(fc.boolean(), { nil: undefined })
const strip = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

// why: a bounded depth keeps generated specs small enough that ajv compiles each in well under a ms.
const SPEC_DEPTH = { maxDepth: 4, depthIdentifier: 'spec', withCrossShrink: true } as const

const scalar = (required: boolean | undefined) =>
  fc
    .oneof(
      fc.record({
        type: fc.constant('string' as const),
        enum: fc.option(fc.uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 3 }), {
          nil: undefined,
        }),
      }),
      fc.constantFrom({ type: 'number' as const }, { type: 'integer' as const }, { type: 'boolean' as const }),
    )
    .map((p) => strip({ ...p, required }) as PropertySpec)

const { record: specArb } = fc.letrec<{ record: SchemaSpec; property: PropertySpec; items: PropertySpec }>((tie) => {
  const container = (required: boolean | undefined) =>
    fc
      .oneof(
        fc.record({ type: fc.constant('object' as const), properties: fc.option(tie('record'), { nil: undefined }) }),
        fc.record({ type: fc.constant('array' as const), items: fc.option(tie('items'), { nil: undefined }) }),
      )
      .map((p) => strip({ ...p, required }) as PropertySpec)
  return {
    record: fc.dictionary(fc.constantFrom(...KEYS), tie('property'), { maxKeys: 3 }) as fc.Arbitrary<SchemaSpec>,
    property: flag.chain((required) => fc.oneof(SPEC_DEPTH, scalar(required), container(required))),
    items: fc.oneof(SPEC_DEPTH, scalar(undefined), container(undefined)),
  }
})

function validFor(p: PropertySpec): fc.Arbitrary<unknown> {
  switch (p.type) {
    case 'string':
      return p.enum === undefined ? fc.string({ maxLength: 4 }) : fc.constantFrom(...p.enum)
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'integer':
      return fc.integer()
    case 'boolean':
      return fc.boolean()
    case 'object':
      return p.properties === undefined
        ? fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
        : validArgs(p.properties)
    case 'array':
      return fc.array(p.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : validFor(p.items), { maxLength: 3 })
  }
}

function validArgs(spec: SchemaSpec): fc.Arbitrary<Rec> {
  const members = Object.entries(spec).map(([key, p]) =>
    p.required === true
      ? validFor(p).map((v) => [key, v] as const)
      : fc.option(
          validFor(p).map((v) => [key, v] as const),
          { nil: undefined },
        ),
  )
  const extra = fc.dictionary(fc.constantFrom('x', 'y z'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
  return fc.tuple(fc.tuple(...members), extra).map(([entries, more]) => {
    const out: Rec = { ...more }
    for (const entry of entries)
      if (entry !== undefined)
        Object.defineProperty(out, entry[0], { value: entry[1], enumerable: true, writable: true, configurable: true })
    return out
  })
}

// ---- targeted corruptions that must fail ------------------------------------------------------

const WRONG: Record<PropertySpec['type'], unknown> = {
  string: 42,
  number: 'x',
  integer: 1.5,
  boolean: null,
  object: [],
  array: 'x',
}

function corruptValue(p: PropertySpec, value: unknown, picks: number[]): unknown {
  const pick = picks.shift() ?? 0
  if (
    pick % 3 !== 0 &&
    p.type === 'object' &&
    p.properties !== undefined &&
    Object.keys(p.properties).length > 0 &&
    isRec(value)
  ) {
    return corruptArgs(p.properties, value, picks)
  }
  if (pick % 3 !== 0 && p.type === 'array' && p.items !== undefined && Array.isArray(value) && value.length > 0) {
    const copy = [...value]
    const at = pick % copy.length
    copy[at] = corruptValue(p.items, copy[at], picks)
    return copy
  }
  if (p.type === 'string' && p.enum !== undefined && pick % 2 === 0) return `${p.enum.join('')}!not-a-member`
  return WRONG[p.type]
}

function corruptArgs(spec: SchemaSpec, args: Rec, picks: number[]): unknown {
  const keys = Object.keys(spec)
  if (keys.length === 0) return []
  const pick = picks.shift() ?? 0
  const key = keys[pick % keys.length] as string
  const p = spec[key] as PropertySpec
  const copy: Rec = {}
  for (const k of Object.keys(args))
    Object.defineProperty(copy, k, { value: args[k], enumerable: true, writable: true, configurable: true })
  if (p.required === true && pick % 4 === 0) {
    delete copy[key]
    return copy
  }
  const next = Object.hasOwn(args, key) ? corruptValue(p, args[key], picks) : WRONG[p.type]
  Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true })
  return copy
}

describe('validateArgs mirrors schemaSpecToJsonSchema', () => {
  it('generated valid args pass both', () => {
    const arb = specArb.chain((spec) =>
      fc.tuple(fc.constant(spec), fc.array(validArgs(spec), { minLength: 1, maxLength: 5 })),
    )
    fc.assert(
      fc.property(arb, ([spec, values]) => {
        const agrees = oracle(schemaSpecToJsonSchema(spec))
        for (const args of values) {
          expect(validateArgs(spec, args)).toEqual([])
          expect(agrees(args)).toBe(true)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('targeted corruptions fail both', () => {
    const picks = fc.array(fc.nat(), { minLength: 8, maxLength: 8 })
    const arb = specArb.chain((spec) =>
      fc.tuple(fc.constant(spec), fc.array(fc.tuple(validArgs(spec), picks), { minLength: 1, maxLength: 5 })),
    )
    fc.assert(
      fc.property(arb, ([spec, cases]) => {
        const agrees = oracle(schemaSpecToJsonSchema(spec))
        for (const [args, choice] of cases) {
          const bad = corruptArgs(spec, args, choice)
          expect(validateArgs(spec, bad)).not.toEqual([])
          expect(agrees(bad)).toBe(false)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('arbitrary JSON is accepted by one exactly when accepted by the other', () => {
    const arb = specArb.chain((spec) =>
      fc.tuple(
        fc.constant(spec),
        fc.array(fc.oneof(validArgs(spec), fc.jsonValue({ maxDepth: 3 })), { minLength: 1, maxLength: 6 }),
      ),
    )
    fc.assert(
      fc.property(arb, ([spec, values]) => {
        const agrees = oracle(schemaSpecToJsonSchema(spec))
        for (const v of values) expect(validateArgs(spec, v).length === 0).toBe(agrees(v))
      }),
      { numRuns: 60 },
    )
  })

  it('never throws for any value', () => {
    fc.assert(
      fc.property(
        specArb,
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (spec, value) => {
          expect(Array.isArray(validateArgs(spec, value))).toBe(true)
          expect(Array.isArray(validateArgs(spec, { a: value, b: [value], c: { d: value } }))).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})

// ---- structured-output subset -------------------------------------------------------------------

const scalarArb = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant(null),
)

const { object: objectArb } = fc.letrec<{ node: OutputSchemaNode; object: OutputSchemaNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'output', withCrossShrink: true },
    fc.constantFrom<OutputSchemaNode>(
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      {},
      { description: 'any' },
    ),
    fc
      .option(fc.uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 3 }), { nil: undefined })
      .map((e) => strip<OutputSchemaNode>({ type: 'string', enum: e })),
    fc
      .option(fc.uniqueArray(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 3 }), { nil: undefined })
      .map((e) => strip<OutputSchemaNode>({ type: 'integer', enum: e })),
    scalarArb.map((c) => ({ const: c })),
    fc.uniqueArray(scalarArb, { minLength: 1, maxLength: 4 }).map((e) => ({ enum: e })),
    fc.option(tie('node'), { nil: undefined }).map((items) => strip<OutputSchemaNode>({ type: 'array', items })),
    tie('object'),
  ),
  object: fc
    .tuple(
      fc.option(fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { maxKeys: 3 }), { nil: undefined }),
      fc.nat(),
      flag,
    )
    .map(([properties, mask, additionalProperties]) => {
      const declared = Object.keys(properties ?? {})
      const required = declared.filter((_, i) => (mask >> i) % 2 === 1)
      return strip<OutputSchemaNode>({
        type: 'object',
        properties,
        required: required.length > 0 ? required : undefined,
        additionalProperties,
      })
    }),
}))

function validStructured(node: OutputSchemaNode): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const)
  if (node.enum !== undefined) return fc.constantFrom(...node.enum)
  switch (node.type) {
    case undefined:
      return fc.jsonValue({ maxDepth: 2 })
    case 'string':
      return fc.string({ maxLength: 3 })
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'integer':
      return fc.integer()
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(node.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : validStructured(node.items), {
        maxLength: 3,
      })
    case 'object': {
      const props = node.properties ?? {}
      const required = new Set(node.required ?? [])
      const members = Object.entries(props).map(([k, n]) =>
        required.has(k)
          ? validStructured(n).map((v) => [k, v] as const)
          : fc.option(
              validStructured(n).map((v) => [k, v] as const),
              { nil: undefined },
            ),
      )
      const extra =
        node.additionalProperties === false
          ? fc.constant({})
          : fc.dictionary(fc.constantFrom('x', 'y'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
      return fc
        .tuple(fc.tuple(...members), extra)
        .map(([entries, more]) => ({ ...more, ...Object.fromEntries(entries.filter((e) => e !== undefined)) }))
    }
  }
}

describe('structured-output subset', () => {
  it('generated schemas are supported and generated valid values validate clean (and ajv agrees)', () => {
    const arb = objectArb.chain((schema) =>
      fc.tuple(fc.constant(schema), fc.array(validStructured(schema), { minLength: 1, maxLength: 5 })),
    )
    fc.assert(
      fc.property(arb, ([schema, values]) => {
        expect(() => assertSupportedOutputSchema(schema)).not.toThrow()
        const agrees = oracle(schema)
        for (const value of values) {
          expect(validateStructuredValue(schema, value)).toEqual([])
          expect(agrees(value)).toBe(true)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('agrees with ajv on arbitrary JSON values', () => {
    const arb = objectArb.chain((schema) =>
      fc.tuple(
        fc.constant(schema),
        fc.array(fc.oneof(validStructured(schema), fc.jsonValue({ maxDepth: 3 })), { minLength: 1, maxLength: 6 }),
      ),
    )
    fc.assert(
      fc.property(arb, ([schema, values]) => {
        const agrees = oracle(schema)
        for (const v of values) expect(validateStructuredValue(schema, v).length === 0).toBe(agrees(v))
      }),
      { numRuns: 60 },
    )
  })

  it('validateStructuredValue never throws on anything, as value or as schema', () => {
    const anything = fc.anything({
      withBigInt: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
    })
    fc.assert(
      fc.property(objectArb, anything, (schema, value) => {
        expect(Array.isArray(validateStructuredValue(schema, value))).toBe(true)
        expect(Array.isArray(validateStructuredValue(value, schema))).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})
