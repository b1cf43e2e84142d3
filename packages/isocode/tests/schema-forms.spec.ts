// Every accepted schema form becomes JSON Schema for the SDK text and a check that runs before
// execute (no runtime here: the registry definitions are called directly).
import { jsonSchema, tool } from 'ai'
import type { ToolSet } from 'ai'
import type { CodeModeOptions } from 'isocode'
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { describe, expect, it } from 'vitest'
import { toDefinition } from '../src/define.ts'
import type { ToolExecution } from '@isocode/registry'

const exec = { callId: 'c1', name: 't', arguments: {} } as unknown as ToolExecution
const received: unknown[] = []
const execute = async (args: unknown) => {
  received.push(args)
  return { ok: true }
}

async function call(schema: unknown, args: unknown) {
  received.length = 0
  const { definition } = await toDefinition('get_weather', { description: 'Weather.', inputSchema: schema, execute })
  try {
    await definition.execute(args as never, exec)
    return { ran: received.length, args: received[0] }
  } catch (error) {
    return { ran: received.length, error: error as Error & { code?: string } }
  }
}

const returning = async (value: unknown) =>
  (await toDefinition('t', { inputSchema: { type: 'object' }, execute: async () => value })).definition.execute(
    {},
    exec,
  )

const cityForms: Array<[string, unknown, string]> = [
  [
    'JSON Schema 2020-12',
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
    'json-schema',
  ],
  [
    'JSON Schema draft-07',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
    'json-schema',
  ],
  ['zod 4', z.object({ city: z.string() }), '~standard.jsonSchema'],
  ['zod 3 (zod/v3)', z3.object({ city: z3.string() }), 'zod-to-json-schema'],
  ['valibot', v.object({ city: v.string() }), '@valibot/to-json-schema'],
  ['arktype', type({ city: 'string' }), '~standard.jsonSchema'],
  [
    'AI SDK jsonSchema()',
    jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
    'ai-sdk-schema',
  ],
]

describe('tool schemas in every form', () => {
  it.each(cityForms)(
    '%s: JSON Schema for the SDK, how it was made, and a check before execute',
    async (_label, schema, via) => {
      const defined = await toDefinition('get_weather', { inputSchema: schema, execute })
      expect(defined.via).toBe(via)
      expect(defined.definition.parameters).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      })
      expect(await call(schema, { city: 'Oslo' })).toEqual({ ran: 1, args: { city: 'Oslo' } })
      const bad = await call(schema, { town: 'Oslo' })
      expect(bad.ran).toBe(0)
      expect(bad.error?.code).toBe('INVALID_ARGS')
      // why: `town` is no property, the closest valid name is the required `city` left out.
      expect(bad.error?.message).toContain('args.town: unknown property; did you mean args.city? (properties: city)')
      expect(bad.error?.message).toMatch(/args\.city: /)
    },
  )

  it('draft-07 and 2020-12 differ where the drafts differ (tuple items)', async () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
    }
    const draft2020 = {
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
    }
    expect((await call(draft07, { pair: ['a', 1] })).ran).toBe(1)
    expect((await call(draft07, { pair: [1, 'a'] })).error?.message).toContain(
      'args.pair[0]: must be string (got integer)',
    )
    expect((await call(draft2020, { pair: ['a', 1] })).ran).toBe(1)
    expect((await call(draft2020, { pair: ['a', 'b'] })).error?.message).toContain(
      'args.pair[1]: must be number (got string)',
    )
  })

  it('a Standard Schema hands execute its output value (defaults and transforms applied)', async () => {
    expect(
      await call(
        z.object({ city: z.string().transform((s) => s.toUpperCase()), units: z.enum(['c', 'f']).default('c') }),
        { city: 'oslo' },
      ),
    ).toEqual({ ran: 1, args: { city: 'OSLO', units: 'c' } })
    expect(await call(v.object({ n: v.pipe(v.string(), v.transform(Number)) }), { n: '4' })).toEqual({
      ran: 1,
      args: { n: 4 },
    })
  })

  it('nested paths and closest names reach the message', async () => {
    const schema = z.object({
      trip: z.object({ from: z.string(), to: z.string() }),
      stops: z.array(z.object({ name: z.string() })),
    })
    const bad = await call(schema, { trip: { from: 'A', too: 'B' }, stops: [{ name: 'x' }, { nam: 'y' }] })
    expect(bad.error?.message).toContain('args.trip.too: unknown property; did you mean args.trip.to?')
    expect(bad.error?.message).toContain('args.stops[1].nam: unknown property; did you mean args.stops[1].name?')
    expect(bad.error?.message).toContain('args.trip.to: ')
  })

  it('an AI SDK tool() passes as-is: its zod schema and its execute options', async () => {
    const seen: unknown[] = []
    const weather = tool({
      description: 'Weather of a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }, options) => {
        seen.push(options.toolCallId, options.abortSignal instanceof AbortSignal, options.messages)
        return { city, temp: 3 }
      },
    })
    // why: compile-time half of the claim: an AI SDK ToolSet is a valid `tools` option as-is.
    const toolSet: ToolSet = { weather }
    const options: CodeModeOptions = { tools: toolSet }
    expect(Object.keys(options.tools ?? {})).toEqual(['weather'])
    const { definition } = await toDefinition('weather', weather)
    expect(definition.description).toBe('Weather of a city.')
    expect(await definition.execute({ city: 'Oslo' }, exec)).toEqual({
      content: [{ type: 'text', text: '{"city":"Oslo","temp":3}' }],
      structuredContent: { city: 'Oslo', temp: 3 },
    })
    expect(seen).toEqual(['c1', true, []])
  })

  it("an AI SDK jsonSchema() with its own validate: its verdict and value, ajv's paths", async () => {
    const schema = jsonSchema<{ n: number }>(
      { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      {
        validate: (value) =>
          typeof (value as { n?: unknown }).n === 'number' && (value as { n: number }).n > 0
            ? { success: true, value: { n: (value as { n: number }).n * 10 } }
            : { success: false, error: new Error('n must be positive') },
      },
    )
    expect(await call(schema, { n: 2 })).toEqual({ ran: 1, args: { n: 20 } })
    expect((await call(schema, { n: -1 })).error?.message).toContain('args: n must be positive')
    expect((await call(schema, { n: 'x' })).error?.message).toContain('args.n: must be number (got string)')
  })

  it('a vendor keyword ajv refuses is fine beside a validate of its own, refused without one', async () => {
    // why: a vendor keyword is outside JSONSchema7's type, which is exactly the case under test.
    const raw = { type: 'object', properties: { n: { type: 'number' } }, 'x-order': 1 } as Parameters<
      typeof jsonSchema
    >[0]
    const validated = jsonSchema<{ n: number }>(raw, {
      validate: (value) => ({ success: true, value: value as { n: number } }),
    })
    expect(await call(validated, { n: 1 })).toEqual({ ran: 1, args: { n: 1 } })
    await expect(toDefinition('t', { inputSchema: jsonSchema(raw), execute })).rejects.toMatchObject({
      code: 'INVALID_TOOL',
      message: expect.stringContaining('unknown keyword: "x-order"'),
    })
  })

  it('an outputSchema types the result and checks it', async () => {
    const { definition } = await toDefinition('t', {
      inputSchema: { type: 'object' },
      outputSchema: z.object({ temp: z.number() }),
      execute: async () => ({ temp: 'warm' }),
    })
    expect(definition.outputSchema).toMatchObject({ type: 'object', properties: { temp: { type: 'number' } } })
    await expect(definition.execute({}, exec)).rejects.toMatchObject({
      code: 'INVALID_TOOL_OUTPUT',
      message: expect.stringContaining('result.temp'),
    })
  })

  it('a result that is not JSON is refused, undefined becomes null', async () => {
    await expect(returning(new Date(0))).rejects.toMatchObject({
      code: 'INVALID_TOOL_OUTPUT',
      message: expect.stringContaining('the result is not JSON'),
    })
    await expect(returning({ n: 1n })).rejects.toMatchObject({ code: 'INVALID_TOOL_OUTPUT' })
    expect(await returning(undefined)).toEqual({ content: [{ type: 'text', text: 'null' }], structuredContent: null })
    expect(await returning('plain text')).toEqual({
      content: [{ type: 'text', text: 'plain text' }],
      structuredContent: 'plain text',
    })
  })
})
