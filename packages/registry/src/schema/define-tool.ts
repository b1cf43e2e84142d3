import { showValue } from '@isocode/code-runtime'
import { RegistryError, ToolArgsError, ToolResultError } from '../errors.ts'
import type { ToolCallView, ToolResultSnapshot, ToolResultView } from '../presentation/views.ts'
import type { JsonValue, ToolDefinition, ToolExecution, ToolOutput } from '../types.ts'
import { checkValue } from './check-value.ts'
import { compileSchemaSpec } from './compile.ts'
import { unknownKeyHints } from './unknown-keys.ts'
import type { SpecNode } from './node.ts'
import type { InferArgs, SchemaSpec } from './spec.ts'
import { nodeToJsonSchema } from './to-json-schema.ts'

/**
 * What a defineTool execute resolves to: the typed value an `outputSchema` describes (sent as
 * `structuredContent` plus its JSON text), or, without one, any ToolOutput.
 */
export type DefinedToolReturn<O extends SchemaSpec | undefined> = [O] extends [SchemaSpec] ? InferArgs<O> : ToolOutput

/** What a tool author writes for defineTool: a ToolDefinition whose parameters and outputSchema are SchemaSpecs. */
export interface DefineToolInput<S extends SchemaSpec, O extends SchemaSpec | undefined = undefined> {
  name: string
  description?: string
  parameters: S
  /** The result's shape; execute then returns that value and Code Mode types the call with it. */
  outputSchema?: O
  execute(args: InferArgs<S>, exec: ToolExecution): Promise<DefinedToolReturn<O>>
  presentCall?(args: InferArgs<S>): ToolCallView | undefined
  presentResult?(args: InferArgs<S>, result: ToolResultSnapshot): ToolResultView | undefined
  /** Cooperative budget in ms (positive, finite), enforced only by the timeout-policy plugin. */
  timeoutMs?: number
}

const FIELDS = new Set([
  'name',
  'description',
  'parameters',
  'outputSchema',
  'execute',
  'presentCall',
  'presentResult',
  'timeoutMs',
])

/**
 * Build a ToolDefinition from typed SchemaSpecs: `parameters` (and `outputSchema`) become JSON Schema,
 * execute checks the model's arguments first (ToolArgsError, INVALID_ARGS) and, with an outputSchema,
 * the value it returns (ToolResultError, INVALID_TOOL_OUTPUT); presenters never throw.
 * @example defineTool({ name: 'add', parameters: { a: { type: 'number', required: true } }, outputSchema: { sum: { type: 'number', required: true } }, async execute({ a }) { return { sum: a + 1 } } })
 */
export function defineTool<const S extends SchemaSpec, const O extends SchemaSpec | undefined = undefined>(
  tool: DefineToolInput<S, O>,
): ToolDefinition<InferArgs<S>> {
  const label = checkShape(tool)
  const root = compileSchemaSpec(tool.parameters, label)
  const output =
    tool.outputSchema === undefined ? undefined : compileSchemaSpec(tool.outputSchema, label, 'outputSchema')
  const { name, description, execute, presentCall, presentResult, timeoutMs } = tool
  type Args = InferArgs<S>
  // why: the callbacks are captured once, so replacing a property of `tool` later changes nothing.
  const parameters = nodeToJsonSchema(root)
  const definition: ToolDefinition<Args> = {
    name,
    ...(description === undefined ? {} : { description }),
    parameters,
    ...(output === undefined ? {} : { outputSchema: nodeToJsonSchema(output) }),
    async execute(args: Args, exec: ToolExecution): Promise<ToolOutput> {
      const violations = checkValue(root, args, 'args')
      // why: extra keys pass, but when the call fails anyway a misspelled key is the likely cause.
      if (violations.length > 0) throw new ToolArgsError([...keyHints(parameters, args), ...violations], name)
      const returned: unknown = await execute.call(tool, args, exec)
      return output === undefined ? (returned as ToolOutput) : structured(output, returned, name)
    },
  }
  if (presentCall !== undefined) {
    definition.presentCall = (args: Args) =>
      fits(root, args) ? quietly(() => presentCall.call(tool, args)) : undefined
  }
  if (presentResult !== undefined) {
    definition.presentResult = (args: Args, result: ToolResultSnapshot) =>
      fits(root, args) ? quietly(() => presentResult.call(tool, args, result)) : undefined
  }
  if (timeoutMs !== undefined) definition.timeoutMs = timeoutMs
  return Object.freeze(definition)
}

// why: MCP asks a tool with structured content to send the same value as JSON text too, so a
// native-mode model (which reads text) sees exactly what a Code Mode program receives.
function structured(output: SpecNode, value: unknown, name: string): ToolOutput {
  const violations = checkValue(output, value, 'result')
  if (violations.length > 0) throw new ToolResultError(violations, name)
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value as JsonValue }
}

// why: display must never crash a live stream or a replay of an older log, so a presenter that
// throws is treated like one that has nothing to say.
function quietly<T>(present: () => T | undefined): T | undefined {
  try {
    return present()
  } catch {
    return undefined
  }
}

function fits(root: SpecNode, args: unknown): boolean {
  return checkValue(root, args, 'args').length === 0
}

/** The did-you-mean lines for `args`; none when the value cannot be read (checkValue reported that). */
function keyHints(parameters: JsonValue, args: unknown): string[] {
  try {
    return unknownKeyHints(parameters, args)
  } catch {
    return []
  }
}

function checkShape(tool: unknown): string {
  if (typeof tool !== 'object' || tool === null)
    fail('defineTool', 'expects one object { name, description, parameters, outputSchema, execute }')
  const t = tool as Record<string, unknown>
  if (typeof t.name !== 'string' || t.name === '') fail('defineTool', 'name must be a non-empty string')
  const label = `defineTool(${JSON.stringify(t.name)})`
  for (const key of Object.keys(t)) {
    if (!FIELDS.has(key)) fail(label, `${key} is not a defineTool field (use ${[...FIELDS].join(', ')})`)
  }
  if (t.description !== undefined && typeof t.description !== 'string') fail(label, 'description must be a string')
  if (typeof t.execute !== 'function')
    fail(
      label,
      'execute must be a function (args, exec) => Promise<ToolOutput>, or Promise<value> with an outputSchema',
    )
  for (const key of ['presentCall', 'presentResult']) {
    if (t[key] !== undefined && typeof t[key] !== 'function') fail(label, `${key} must be a function or omitted`)
  }
  const timeoutMs = t.timeoutMs
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    fail(label, `timeoutMs must be a positive finite number of milliseconds or omitted (got ${showValue(timeoutMs)})`)
  }
  return label
}

function fail(label: string, message: string): never {
  throw new RegistryError(`${label}: ${message}`, 'INVALID_DEFINITION')
}
