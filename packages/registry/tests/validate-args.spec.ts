import { RegistryError, ToolArgsError, validateArgs, type SchemaSpec } from '@isocode/registry'
import { describe, expect, it } from 'vitest'

const spec = {
  path: { type: 'string', required: true },
  offset: { type: 'integer' },
  ratio: { type: 'number' },
  force: { type: 'boolean' },
  mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' },
  items: {
    type: 'array',
    items: { type: 'object', properties: { name: { type: 'string', required: true }, n: { type: 'number' } } },
  },
  opts: {
    type: 'object',
    properties: { deep: { type: 'object', required: true, properties: { on: { type: 'boolean', required: true } } } },
  },
  meta: { type: 'object' },
  list: { type: 'array' },
} as const satisfies SchemaSpec

const holes: unknown[] = [{ name: 'a' }]
holes[2] = { name: 'c' }

describe('validateArgs', () => {
  it.each<[string, unknown, string[]]>([
    ['minimal valid', { path: '/a' }, []],
    [
      'everything valid',
      {
        path: '/a',
        offset: 3,
        ratio: 0.5,
        force: false,
        mode: 'slow',
        items: [{ name: 'x' }, { name: 'y', n: 2 }],
        opts: { deep: { on: true } },
        meta: { any: [1] },
        list: [1, 'a', null],
      },
      [],
    ],
    [
      'extra keys allowed at the root and in nested objects',
      { path: '/a', extra: 1, opts: { deep: { on: true, more: 2 }, x: 1 } },
      [],
    ],
    ['a whole number is an integer', { path: '/a', offset: 3.0 }, []],
    [
      'object/array without properties/items only type-check',
      { path: '/a', meta: { x: Number.NaN }, list: [undefined, () => 1] },
      [],
    ],
    ['missing required', {}, ['missing required property args.path']],
    ['present-but-undefined required counts as missing', { path: undefined }, ['missing required property args.path']],
    ['optional undefined is absent', { path: '/a', offset: undefined }, []],
    [
      'default is not applied (the required check sees the raw args)',
      { mode: undefined },
      ['missing required property args.path'],
    ],
    ['wrong primitive', { path: 1 }, ['args.path must be a string (got number)']],
    ['not an integer', { path: '/a', offset: 1.5 }, ['args.offset must be an integer (got 1.5)']],
    [
      'non-finite number',
      { path: '/a', ratio: Number.POSITIVE_INFINITY },
      ['args.ratio must be a number (got Infinity)'],
    ],
    ['string is not a boolean', { path: '/a', force: 'true' }, ['args.force must be a boolean (got string)']],
    ['bad enum member', { path: '/a', mode: 'medium' }, ['args.mode must be one of "fast", "slow" (got "medium")']],
    ['array is not an object', { path: '/a', meta: [] }, ['args.meta must be an object (got array)']],
    ['null is not an object', { path: '/a', opts: null }, ['args.opts must be an object (got null)']],
    ['object is not an array', { path: '/a', list: {} }, ['args.list must be an array (got object)']],
    [
      'nested violations with paths',
      { path: '/a', items: [{ name: 'a' }, { name: 'b' }, { n: 'x' }], opts: { deep: {} } },
      [
        'missing required property args.items[2].name',
        'args.items[2].n must be a number (got string)',
        'missing required property args.opts.deep.on',
      ],
    ],
    [
      'every violation, in declaration order',
      { path: 2, offset: 'x', mode: 'z', items: 'no' },
      [
        'args.path must be a string (got number)',
        'args.offset must be an integer (got string)',
        'args.mode must be one of "fast", "slow" (got "z")',
        'args.items must be an array (got string)',
      ],
    ],
    ['root must be an object', [], ['args must be an object (got array)']],
    ['root null', null, ['args must be an object (got null)']],
    ['root undefined', undefined, ['args must be an object (got undefined)']],
    [
      'array with holes',
      { path: '/a', items: holes },
      ['args.items must be a dense JSON array (it has holes or extra keys)'],
    ],
  ])('%s', (_name, args, expected) => {
    expect(validateArgs(spec, args)).toEqual(expected)
  })

  it('quotes keys that are not identifiers', () => {
    expect(validateArgs({ 'a b': { type: 'string', required: true } }, {})).toEqual([
      'missing required property args["a b"]',
    ])
  })

  it('an inherited key does not satisfy required', () => {
    expect(validateArgs({ path: { type: 'string', required: true } }, Object.create({ path: '/a' }))).toEqual([
      'missing required property args.path',
    ])
  })

  it('is total on hostile values', () => {
    const getter = Object.defineProperty({}, 'path', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    expect(validateArgs(spec, getter)).toEqual(['args could not be read (boom)'])
    const trap = new Proxy(
      {},
      {
        has() {
          throw new Error('trap')
        },
        getOwnPropertyDescriptor() {
          throw new Error('trap')
        },
      },
    )
    expect(validateArgs(spec, trap)).toEqual(['args could not be read (trap)'])
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(validateArgs(spec, { path: '/a', meta: proxy })).toEqual([
      "args.meta could not be read (Cannot perform 'IsArray' on a proxy that has been revoked)",
    ])
    const cyclic: Record<string, unknown> = { path: '/a' }
    cyclic.meta = cyclic
    expect(validateArgs(spec, cyclic)).toEqual([])
    expect(validateArgs(spec, { path: 1n })).toEqual(['args.path must be a string (got bigint)'])
    const huge: unknown[] = []
    huge.length = 2 ** 32 - 1
    expect(validateArgs(spec, { path: '/a', items: huge })).toEqual([
      'args.items must be a dense JSON array (it has holes or extra keys)',
    ])
  })

  it('throws only for an invalid spec', () => {
    expect(() => validateArgs({ a: { type: 'nope' } } as unknown as SchemaSpec, {})).toThrow(RegistryError)
  })

  it('follows the spec, not the value, so deep values cost nothing', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(validateArgs(spec, { path: '/a', list: deep, meta: { deep } })).toEqual([])
  })
})

describe('ToolArgsError', () => {
  it('lists every violation with its path under code INVALID_ARGS', () => {
    const violations = validateArgs(spec, { path: 2, items: [{}] })
    const error = new ToolArgsError(violations, 'read_file')
    expect(error.code).toBe('INVALID_ARGS')
    expect(error.name).toBe('ToolArgsError')
    expect(error.violations).toEqual([
      'args.path must be a string (got number)',
      'missing required property args.items[0].name',
    ])
    expect(error.message).toBe(
      'invalid arguments for read_file:\n- args.path must be a string (got number)\n- missing required property args.items[0].name',
    )
  })
})
