import {
  defineTool,
  RegistryError,
  ToolArgsError,
  type InferArgs,
  type JsonObject,
  type JsonValue,
  type SchemaSpec,
  type ToolDefinition,
  type ToolExecution,
} from '@isocode/registry'
import type { ToolResultSnapshot } from '@isocode/registry/presentation'
import { describe, expect, expectTypeOf, it } from 'vitest'

const exec = { callId: 'c1', name: 'read_file', arguments: {} } as unknown as ToolExecution
const ok: ToolResultSnapshot = { content: [{ type: 'text', text: 'done' }], isError: false }

function readFile(extra: Record<string, unknown> = {}) {
  return defineTool({
    name: 'read_file',
    description: 'Read a file from disk.',
    parameters: {
      path: { type: 'string', required: true, description: 'Absolute file path' },
      offset: { type: 'number' },
      limit: { type: 'number' },
    },
    async execute(args) {
      return [{ type: 'text', text: `read ${args.path}@${args.offset ?? 0}` }]
    },
    ...extra,
  })
}

describe('InferArgs (types)', () => {
  it('maps the read_file example', () => {
    const tool = readFile()
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<{
      path: string
      offset?: number
      limit?: number
    }>()
  })

  it('maps enums, integers, nested objects and arrays', () => {
    const spec = {
      mode: { type: 'string', enum: ['fast', 'slow'], required: true },
      count: { type: 'integer', required: false },
      on: { type: 'boolean' },
      opts: { type: 'object', required: true, properties: { depth: { type: 'integer', required: true } } },
      tags: { type: 'array', items: { type: 'string' } },
      rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', required: true } } } },
      meta: { type: 'object' },
      list: { type: 'array' },
    } as const satisfies SchemaSpec
    expectTypeOf<InferArgs<typeof spec>>().toEqualTypeOf<{
      mode: 'fast' | 'slow'
      opts: { depth: number }
      count?: number
      on?: boolean
      tags?: string[]
      rows?: { id: string }[]
      meta?: JsonObject
      list?: JsonValue[]
    }>()
  })

  it('infers literal types through defineTool without `as const`', () => {
    const tool = defineTool({
      name: 'pick',
      parameters: {
        choice: { type: 'string', enum: ['a', 'b'], required: true },
        tags: { type: 'array', items: { type: 'string' }, default: ['x'] },
      },
      async execute(args) {
        expectTypeOf(args.choice).toEqualTypeOf<'a' | 'b'>()
        expectTypeOf(args.tags).toEqualTypeOf<string[] | undefined>()
        return []
      },
    })
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<{ choice: 'a' | 'b'; tags?: string[] }>()
  })

  it('produces a definition the registry accepts', () => {
    expectTypeOf(readFile()).toExtend<ToolDefinition>()
  })
})

describe('defineTool', () => {
  it('converts parameters to JSON Schema and keeps the schema fields', () => {
    const tool = readFile()
    expect(tool.name).toBe('read_file')
    expect(tool.description).toBe('Read a file from disk.')
    expect(tool.parameters).toStrictEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Absolute file path' },
        offset: { type: 'number' },
        limit: { type: 'number' },
      },
      required: ['path'],
    })
    expect(Object.isFrozen(tool)).toBe(true)
    expect('timeoutMs' in tool).toBe(false)
    expect('presentCall' in tool).toBe(false)
  })

  it('runs execute with valid args', async () => {
    await expect(readFile().execute({ path: '/x', offset: 2 }, exec)).resolves.toEqual([
      { type: 'text', text: 'read /x@2' },
    ])
  })

  it('validates args before execute and throws ToolArgsError listing every violation', async () => {
    let ran = false
    const tool = readFile({
      async execute() {
        ran = true
        return []
      },
    })
    const bad = { offset: 'x', limit: Number.NaN } as unknown as { path: string }
    const error = await tool.execute(bad, exec).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ToolArgsError)
    expect((error as ToolArgsError).code).toBe('INVALID_ARGS')
    expect((error as ToolArgsError).message).toBe(
      'invalid arguments for read_file:\n- missing required property args.path\n- args.offset must be a number (got string)\n- args.limit must be a number (got NaN)',
    )
    expect(ran).toBe(false)
  })

  it('calls the captured execute with the author object as receiver', async () => {
    const input = {
      name: 'echo',
      parameters: {},
      prefix: 'unused',
      async execute(this: unknown) {
        return [{ type: 'text' as const, text: String(this === input) }]
      },
    }
    const { prefix: _ignored, ...clean } = input
    const tool = defineTool(clean)
    clean.execute = async () => [{ type: 'text', text: 'replaced' }]
    await expect(tool.execute({}, exec)).resolves.toEqual([{ type: 'text', text: 'false' }])
  })

  it.each<[string, unknown, string]>([
    ['empty name', { name: '' }, 'defineTool: name must be a non-empty string'],
    ['non-string name', { name: 3 }, 'defineTool: name must be a non-empty string'],
    ['missing execute', { execute: undefined }, 'defineTool("read_file"): execute must be a function'],
    [
      'non-function presenter',
      { presentCall: 'x' },
      'defineTool("read_file"): presentCall must be a function or omitted',
    ],
    ['unknown field', { timeout: 5 }, 'defineTool("read_file"): timeout is not a defineTool field'],
    ['non-string description', { description: 5 }, 'defineTool("read_file"): description must be a string'],
    [
      'bad parameters',
      { parameters: { path: { type: 'text' } } },
      'defineTool("read_file"): invalid SchemaSpec:\n- parameters.path.type',
    ],
    ['zero timeout', { timeoutMs: 0 }, 'timeoutMs must be a positive finite number of milliseconds or omitted (got 0)'],
    ['negative timeout', { timeoutMs: -1 }, 'timeoutMs must be a positive finite number'],
    ['infinite timeout', { timeoutMs: Number.POSITIVE_INFINITY }, 'timeoutMs must be a positive finite number'],
    ['NaN timeout', { timeoutMs: Number.NaN }, 'timeoutMs must be a positive finite number'],
    ['string timeout', { timeoutMs: '100' }, 'timeoutMs must be a positive finite number'],
  ])('rejects %s at definition time', (_name, patch, message) => {
    expect(() => readFile(patch as Record<string, unknown>)).toThrow(message)
    expect(() => readFile(patch as Record<string, unknown>)).toThrow(RegistryError)
  })

  it('attaches a valid timeoutMs', () => {
    expect(readFile({ timeoutMs: 250 }).timeoutMs).toBe(250)
    expect(readFile({ timeoutMs: 0.5 }).timeoutMs).toBe(0.5)
  })
})

describe('defineTool presenters', () => {
  const tool = defineTool({
    name: 'bash',
    description: 'Run a shell command.',
    parameters: {
      command: { type: 'string', required: true },
      description: { type: 'string', required: true },
    },
    async execute(args) {
      return [{ type: 'text', text: `ran: ${args.command}` }]
    },
    presentCall: (args) => ({ card: 'terminal', title: args.command, description: args.description }),
    presentResult: (_args, result) => {
      const block = result.content.length === 1 ? result.content[0] : undefined
      if (block === undefined || block.type !== 'text') return undefined
      return { card: 'terminal', output: block.text }
    },
  })

  it('present valid args', () => {
    expect(tool.presentCall?.({ command: 'ls', description: 'List' })).toEqual({
      card: 'terminal',
      title: 'ls',
      description: 'List',
    })
    expect(tool.presentResult?.({ command: 'ls', description: 'List' }, ok)).toEqual({
      card: 'terminal',
      output: 'done',
    })
  })

  it('yield undefined for a malformed or older logged arg shape instead of throwing', () => {
    const older = { cmd: 'ls' } as unknown as { command: string; description: string }
    expect(tool.presentCall?.(older)).toBeUndefined()
    expect(tool.presentResult?.(older, ok)).toBeUndefined()
    expect(tool.presentCall?.(null as never)).toBeUndefined()
  })

  it('yield undefined when the author presenter throws', () => {
    const throwing = defineTool({
      name: 't',
      parameters: {},
      async execute() {
        return []
      },
      presentCall() {
        throw new Error('render bug')
      },
      presentResult() {
        throw new Error('render bug')
      },
    })
    expect(throwing.presentCall?.({})).toBeUndefined()
    expect(throwing.presentResult?.({}, ok)).toBeUndefined()
  })
})
