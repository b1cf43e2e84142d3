import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonSchemaToTs, renderToolsSdk, TypeAliases, type ToolSchema } from '@isocode/sdk-codegen'
import { toolMemberNames, typecheck } from './helpers.ts'

// why: names and descriptions are hostile input, so the alphabet is mostly the
// characters that could break out of a key, a string literal or a comment.
const hostileText = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '_',
    '$',
    '1',
    '-',
    ' ',
    '"',
    "'",
    '\\',
    '*',
    '/',
    '}',
    '{',
    ';',
    '`',
    '\n',
    '\u2028',
    '\u202E',
    'é',
    '😀',
    '\uD800',
  ),
  minLength: 1,
  maxLength: 12,
})
const toolName = fc.oneof(
  hostileText,
  fc.constantFrom('__proto__', 'constructor', 'toString', 'my-tool', '1st'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
)

const defNames = ['A', 'B', 'C'] as const
const schema = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      { type: 'string' },
      { type: 'integer' },
      { type: ['boolean', 'null'] },
      { enum: ['a', 1, null] },
      { const: -1 },
      true,
      false,
    ),
    fc.constantFrom(...defNames).map((d) => ({ $ref: `#/$defs/${d}` })),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(hostileText, tie('node'), { maxKeys: 3 }),
      additionalProperties: fc.oneof(fc.boolean(), tie('node')),
    }),
    fc.record({ anyOf: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('node'), { maxLength: 2 }) }),
    fc.record({ prefixItems: fc.array(tie('node'), { maxLength: 3 }), minItems: fc.nat(3) }),
    fc.record({ description: hostileText, type: fc.constant('number') }),
  ),
})).node
const parameters = fc.record({
  type: fc.constant('object'),
  properties: fc.dictionary(hostileText, schema, { maxKeys: 3 }),
  $defs: fc.record({ A: schema, B: schema, C: schema }),
})
const tool = fc.record({ name: toolName, description: fc.option(hostileText, { nil: undefined }), parameters })
const toolSet = fc.uniqueArray(tool, { selector: (t) => t.name, maxLength: 6 }).map((tools) => tools as ToolSchema[])
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

describe('properties', () => {
  it('jsonSchemaToTs never throws on generated schemas with $ref and $defs', () => {
    fc.assert(
      fc.property(parameters, (params) => {
        const aliases = new TypeAliases()
        expect(jsonSchemaToTs(params, { aliases }).length).toBeGreaterThan(0)
        expect(aliases.declarations.every((a) => a.type.length > 0)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('keeps output linear in input size: at most 8 bytes per input byte, aliases included', () => {
    fc.assert(
      fc.property(parameters, (params) => {
        const aliases = new TypeAliases()
        const type = jsonSchemaToTs(params, { aliases })
        const output = type.length + aliases.declarations.reduce((n, a) => n + a.name.length + a.type.length + 10, 0)
        expect(output).toBeLessThanOrEqual(8 * JSON.stringify(params).length + 100)
      }),
      { numRuns: 200 },
    )
  })

  it('renders the same bytes for any permutation of the same tools', () => {
    const setAndPermutation = toolSet.chain((tools) =>
      fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length })),
    )
    fc.assert(
      fc.property(setAndPermutation, ([tools, shuffled]) => {
        expect(renderToolsSdk(shuffled)).toBe(renderToolsSdk(tools))
      }),
      { numRuns: 100 },
    )
  })

  it('renders the same bytes twice, and for a deep copy of the input', () => {
    fc.assert(
      fc.property(toolSet, (tools) => {
        const first = renderToolsSdk(tools)
        expect(renderToolsSdk(tools)).toBe(first)
        expect(renderToolsSdk(structuredClone(tools))).toBe(first)
      }),
      { numRuns: 100 },
    )
  })

  it('makes every tool name reachable as a member key, in code-unit order', () => {
    fc.assert(
      fc.property(toolSet, (tools) => {
        expect(toolMemberNames(renderToolsSdk(tools))).toEqual(tools.map((t) => t.name).toSorted(byCodeUnits))
      }),
      { numRuns: 150 },
    )
  })

  it('always renders a declaration TypeScript accepts with zero diagnostics', () => {
    fc.assert(
      fc.property(toolSet, (tools) => {
        expect(typecheck({ 'sdk.d.ts': renderToolsSdk(tools) })).toEqual([])
      }),
      { numRuns: 20 },
    )
  })
})
