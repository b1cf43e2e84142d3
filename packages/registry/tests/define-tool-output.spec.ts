// defineTool with an outputSchema: a typed return value becomes structuredContent plus its JSON
// text, the definition carries the JSON Schema, and a value that misses the schema is refused.
import { renderToolsSdk } from '@isocode/sdk-codegen'
import {
  defineTool,
  RegistryError,
  ToolResultError,
  type DefinedToolReturn,
  type ToolExecution,
  type ToolOutput,
} from '@isocode/registry'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { boot, textOf } from './service-helpers.ts'

const exec = { callId: 'c1', name: 'forecast', arguments: {} } as unknown as ToolExecution

function forecast(result: unknown = { city: 'Oslo', celsius: 4, days: [{ day: 'mon', rain: true }] }) {
  return defineTool({
    name: 'forecast',
    description: 'The forecast for a city.',
    parameters: { city: { type: 'string', required: true } },
    outputSchema: {
      city: { type: 'string', required: true },
      celsius: { type: 'number', required: true, description: 'Temperature now' },
      days: {
        type: 'array',
        items: { type: 'object', properties: { day: { type: 'string', required: true }, rain: { type: 'boolean' } } },
      },
    },
    // why: the cast lets a test hand back a wrong value on purpose; typed use is checked below.
    async execute() {
      return result as { city: string; celsius: number }
    },
  })
}

const defineBad = () =>
  defineTool({
    name: 'bad',
    parameters: {},
    outputSchema: { n: { type: 'date' } } as never,
    execute: async () => ({}) as never,
  })

describe('defineTool outputSchema (types)', () => {
  it('types execute to return the value the outputSchema describes', () => {
    defineTool({
      name: 'sum',
      parameters: { a: { type: 'number', required: true }, b: { type: 'number', required: true } },
      outputSchema: { sum: { type: 'number', required: true }, note: { type: 'string' } },
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ a: number; b: number }>()
        return { sum: args.a + args.b }
      },
    })
    defineTool({
      name: 'sum',
      parameters: {},
      outputSchema: { sum: { type: 'number', required: true } },
      // @ts-expect-error -- the outputSchema says `sum` is a number
      async execute() {
        return { sum: 'three' }
      },
    })
    expectTypeOf<
      DefinedToolReturn<{ readonly n: { readonly type: 'integer'; readonly required: true } }>
    >().toEqualTypeOf<{ n: number }>()
    expectTypeOf<DefinedToolReturn<undefined>>().toEqualTypeOf<ToolOutput>()
  })
})

describe('defineTool outputSchema', () => {
  it('puts the JSON Schema of the outputSchema on the definition', () => {
    expect(forecast().outputSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        celsius: { type: 'number', description: 'Temperature now' },
        days: {
          type: 'array',
          items: {
            type: 'object',
            properties: { day: { type: 'string' }, rain: { type: 'boolean' } },
            required: ['day'],
          },
        },
      },
      required: ['city', 'celsius'],
    })
  })

  it('sends the returned value as structuredContent and as its JSON text', async () => {
    await expect(forecast().execute({ city: 'Oslo' }, exec)).resolves.toStrictEqual({
      content: [{ type: 'text', text: '{"city":"Oslo","celsius":4,"days":[{"day":"mon","rain":true}]}' }],
      structuredContent: { city: 'Oslo', celsius: 4, days: [{ day: 'mon', rain: true }] },
    })
  })

  it('refuses a returned value that misses the schema with ToolResultError listing every violation', async () => {
    const error = await forecast({ celsius: 'cold', days: [{ rain: 1 }] })
      .execute({ city: 'Oslo' }, exec)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(ToolResultError)
    expect((error as ToolResultError).code).toBe('INVALID_TOOL_OUTPUT')
    expect((error as ToolResultError).message).toBe(
      'invalid result from forecast:\n- missing required property result.city\n- result.celsius must be a number (got string)\n- missing required property result.days[0].day\n- result.days[0].rain must be a boolean (got number)',
    )
  })

  it('rejects an invalid outputSchema when defined, locating the problem under outputSchema', () => {
    expect(defineBad).toThrow(RegistryError)
    expect(defineBad).toThrow(/defineTool\("bad"\): invalid SchemaSpec:\n- outputSchema\.n\.type/)
  })

  it('through the registry: the result carries structuredContent and the SDK types the call', async () => {
    const { ctx } = await boot()
    ctx.tools.register(forecast())
    const result = await ctx.tools.execute({ callId: 'c9', name: 'forecast', arguments: { city: 'Oslo' } })
    expect(result.isError).toBe(false)
    expect(result.structuredContent).toEqual({ city: 'Oslo', celsius: 4, days: [{ day: 'mon', rain: true }] })
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent)
    const sdk = renderToolsSdk(ctx.tools.schemas())
    expect(sdk).toMatch(/forecast: \(args: \{[\s\S]*?\}\) => Promise<\{[\s\S]*?celsius: number;[\s\S]*?\}>;/)
  })

  it('through the registry: a wrong value is an isError result with code INVALID_TOOL_OUTPUT', async () => {
    const { ctx } = await boot()
    ctx.tools.register(forecast({ city: 3 }))
    const result = await ctx.tools.execute({ callId: 'c10', name: 'forecast', arguments: { city: 'Oslo' } })
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'ToolResultError', code: 'INVALID_TOOL_OUTPUT' })
    expect(result.structuredContent).toBeUndefined()
  })
})
