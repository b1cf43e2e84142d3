// One user tool (plain record, Standard Schema, AI SDK `tool()`) made into a registry definition:
// arguments checked before execute runs (ToolArgsError, INVALID_ARGS), the result checked as JSON
// (and against an outputSchema) and handed to programs as a value.
import { isPlainObject, toLosslessJson } from '@isocode/code-runtime'
import { RUN_CODE, ToolArgsError, ToolResultError } from '@isocode/registry'
import type { JsonValue, ToolDefinition, ToolExecution, ToolOutput } from '@isocode/registry'
import { schemaHash } from '@isocode/registry/internal'
import type { DurableToolFacts } from '@isocode/registry/internal'
import { IsocodeError } from './errors.ts'
import type { ToolCallOptions } from './options.ts'
import { prepareSchema } from './schema.ts'
import type { PreparedSchema } from './schema.ts'

type Execute = (args: unknown, options: ToolCallOptions) => unknown
type Gate = DurableToolFacts['needsApproval']

/** What durable runs need of a tool beside its definition (rules ). */
export type ToolMeta = DurableToolFacts

function refuse(message: string): never {
  throw new IsocodeError(message, 'INVALID_TOOL')
}

function readTool(
  name: string,
  tool: unknown,
): {
  description?: string
  inputSchema: unknown
  outputSchema?: unknown
  execute: Execute
  tool: Record<string, unknown>
} {
  if (!isPlainObject(tool))
    refuse(
      `tools.${name}: must be a tool object { description, inputSchema, execute }; got ${tool === null ? 'null' : Array.isArray(tool) ? 'an array' : typeof tool}`,
    )
  if (name === RUN_CODE) refuse(`tools.${name}: the name "${RUN_CODE}" is Code Mode's own tool; rename the tool`)
  if (name === '' || name.startsWith('$'))
    refuse(
      `tools.${JSON.stringify(name)}: a tool name must be non-empty and not start with "$" (reserved for tools.$search and tools.$describe)`,
    )
  // why: AI SDK provider tools (web search, code execution) run at the model provider, never here.
  if (tool.type === 'provider-defined' || tool.type === 'provider')
    refuse(
      `tools.${name}: a provider-defined AI SDK tool runs at the model provider; Code Mode can only call tools with an execute function`,
    )
  if (tool.description !== undefined && typeof tool.description !== 'string')
    refuse(`tools.${name}.description: must be a string`)
  if (tool.inputSchema === undefined)
    refuse(
      `tools.${name}.inputSchema: missing; give a JSON Schema ({ type: 'object', properties: {} } for no arguments) or a zod/valibot/arktype schema`,
    )
  if (typeof tool.execute !== 'function')
    refuse(
      `tools.${name}.execute: must be a function (args, { signal }) => result; got ${tool.execute === null ? 'null' : typeof tool.execute}`,
    )
  if (
    tool.needsApproval !== undefined &&
    typeof tool.needsApproval !== 'boolean' &&
    typeof tool.needsApproval !== 'function'
  )
    refuse(`tools.${name}.needsApproval: must be true, false or a function (args) => boolean | Promise<boolean>`)
  if (tool.idempotent !== undefined && typeof tool.idempotent !== 'boolean')
    refuse(`tools.${name}.idempotent: must be true or false`)
  if (tool.replay !== undefined && tool.replay !== 'record' && tool.replay !== 'reexecute')
    refuse(`tools.${name}.replay: must be "record" (default) or "reexecute"`)
  if (tool.revert !== undefined && typeof tool.revert !== 'function')
    refuse(`tools.${name}.revert: must be a function (args, result) => unknown`)
  // why: bound, so a tool object's execute may use `this`.
  const read: {
    description?: string
    inputSchema: unknown
    outputSchema?: unknown
    execute: Execute
    tool: Record<string, unknown>
  } = {
    tool,
    inputSchema: tool.inputSchema,
    execute: (tool.execute as Execute).bind(tool),
  }
  if (typeof tool.description === 'string') read.description = tool.description
  if (tool.outputSchema !== undefined) read.outputSchema = tool.outputSchema
  return read
}

// why: an AI SDK tool may stream preliminary results as an async iterable; the last one is the result.
async function settle(value: unknown): Promise<unknown> {
  const awaited = await value
  if (
    isPlainObject(awaited) &&
    typeof (awaited as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function' &&
    Object.getPrototypeOf(awaited) !== Object.prototype
  ) {
    let last: unknown
    for await (const item of awaited as unknown as AsyncIterable<unknown>) last = item
    return last
  }
  return awaited
}

async function output(name: string, returned: unknown, outputSchema: PreparedSchema | undefined): Promise<ToolOutput> {
  // why: a tool that returns nothing gives the program null (undefined is no JSON value).
  const json = toLosslessJson(returned === undefined ? null : returned)
  if (!json.ok)
    throw new ToolResultError(
      [`the result is not JSON (${json.reason}); return plain objects, arrays, strings, numbers, booleans or null`],
      name,
    )
  let value: JsonValue = json.value
  if (outputSchema !== undefined) {
    const checked = await outputSchema.check(value)
    if (!checked.ok)
      throw new ToolResultError(
        checked.violations.map((line) => line.replace(/^args/, 'result')),
        name,
      )
    const again = toLosslessJson(checked.value)
    if (again.ok) value = again.value
  }
  return {
    content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
    structuredContent: value,
  }
}

/** What {@link toDefinition} made, and how each schema became JSON Schema. */
export interface DefinedTool {
  readonly definition: ToolDefinition
  readonly via: string
  readonly meta: ToolMeta
}

/**
 * Make tool `name` a registry definition; throws an IsocodeError naming the tool and the field.
 * `keyOf` gives a sub-call's idempotency key by its callId.
 */
export async function toDefinition(
  name: string,
  tool: unknown,
  keyOf: (callId: string) => string | undefined = () => undefined,
): Promise<DefinedTool> {
  const read = readTool(name, tool)
  const input = await prepareSchema(name, 'inputSchema', read.inputSchema)
  const type = input.jsonSchema.type
  if (type !== undefined && type !== 'object')
    refuse(
      `tools.${name}.inputSchema: must describe an object (a program calls tools.${name}({ ... })); got type ${JSON.stringify(type)}`,
    )
  const outputSchema =
    read.outputSchema === undefined ? undefined : await prepareSchema(name, 'outputSchema', read.outputSchema)
  const execute = read.execute
  const definition: ToolDefinition = {
    name,
    parameters: input.jsonSchema as ToolDefinition['parameters'],
    // why: every facade tool resolves to its value in programs; `{}` types it as unknown.
    outputSchema: (outputSchema?.jsonSchema ?? {}) as ToolDefinition['parameters'],
    async execute(args: unknown, exec: ToolExecution): Promise<ToolOutput> {
      const checked = await input.check(args)
      if (!checked.ok) throw new ToolArgsError(checked.violations, name)
      const signal = exec.signal ?? new AbortController().signal
      const options: ToolCallOptions = {
        signal,
        abortSignal: signal,
        toolCallId: exec.callId,
        messages: [],
        context: {},
      }
      const key = keyOf(exec.callId)
      if (key !== undefined) options.idempotencyKey = key
      const returned = await settle(execute(checked.value, options))
      return output(name, returned, outputSchema)
    },
  }
  if (read.description !== undefined) definition.description = read.description
  const gate = read.tool.needsApproval
  const revert = read.tool.revert as ((args: unknown, result: unknown) => unknown) | undefined
  const meta: ToolMeta = {
    needsApproval: typeof gate === 'function' ? (gate.bind(read.tool) as Gate) : gate === true,
    idempotent: read.tool.idempotent === true,
    destructive: false,
    replay: read.tool.replay === 'reexecute' ? 'reexecute' : 'record',
    revert: revert?.bind(read.tool),
    check: async (args) => {
      const checked = await input.check(args)
      return checked.ok ? [] : checked.violations
    },
    hash: schemaHash(definition.parameters, definition.outputSchema),
  }
  return { definition, via: input.via, meta }
}
