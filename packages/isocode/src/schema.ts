// One tool schema in any accepted form, made into what the registry needs: JSON Schema for the SDK
// text and a check of a value against the original schema (ajv, or the schema's own validate).
import { isPlainObject } from '@isocode/code-runtime'
import { unknownKeyHints } from '@isocode/registry'
import { IsocodeError } from './errors.ts'
import { compileJsonSchema, draftOf, metaSchemaProblem, violationsOf } from './json-schema.ts'
import { isStandardSchema, standardToJsonSchema, standardValidate } from './standard-schema.ts'

/** The outcome of checking a value: the value execute gets, or `args.path: problem` lines. */
export type Checked = { ok: true; value: unknown } | { ok: false; violations: string[] }

/** A usable schema: its JSON Schema, how that was made, and its check. */
export interface PreparedSchema {
  readonly jsonSchema: Record<string, unknown>
  /** `json-schema`, `~standard.jsonSchema`, `@valibot/to-json-schema`, `zod-to-json-schema` or `ai-sdk-schema`. */
  readonly via: string
  check(value: unknown): Promise<Checked>
}

type Field = 'inputSchema' | 'outputSchema'
const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema')

function refuse(tool: string, field: Field, problem: string): never {
  throw new IsocodeError(`tools.${tool}.${field}: ${problem}`, 'INVALID_TOOL')
}

// why: the AI SDK's `jsonSchema()` / `zodSchema()` wrap a JSON Schema (in newer majors maybe lazy or
// a promise) and may carry a `validate` returning `{ success, value } | { success: false, error }`.
type AiSdkSchema = { jsonSchema: unknown; validate?: (value: unknown) => unknown }
function isAiSdkSchema(value: unknown): value is AiSdkSchema {
  return (
    isPlainObject(value) &&
    (AI_SDK_SCHEMA in value || ('jsonSchema' in value && !('type' in value) && !('properties' in value)))
  )
}

function ajvCheck(tool: string, field: Field, schema: Record<string, unknown>): (value: unknown) => Checked {
  const draft = draftOf(schema)
  if ('problem' in draft) refuse(tool, field, draft.problem)
  const problem = metaSchemaProblem(schema, draft.draft)
  if (problem !== undefined) refuse(tool, field, `not valid JSON Schema: ${problem}`)
  let validate: ReturnType<typeof compileJsonSchema>
  try {
    validate = compileJsonSchema(schema, draft.draft)
  } catch (error) {
    refuse(
      tool,
      field,
      `neither JSON Schema nor a Standard Schema (~standard): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return (value) => (validate(value) ? { ok: true, value } : { ok: false, violations: violationsOf(validate.errors) })
}

/** Add the unknown-key hints to failed checks, replacing ajv's bare "not allowed" lines for those keys. */
function withHints(
  schema: Record<string, unknown>,
  check: (value: unknown) => Promise<Checked> | Checked,
): (value: unknown) => Promise<Checked> {
  return async (value) => {
    const checked = await check(value)
    if (checked.ok) return checked
    const hints = unknownKeyHints(schema, value)
    const hinted = new Set(hints.map((hint) => hint.slice(0, hint.indexOf(': '))))
    const rest = checked.violations.filter(
      (line) => !(line.endsWith(': unknown property (not allowed)') && hinted.has(line.slice(0, line.indexOf(': ')))),
    )
    return { ok: false, violations: [...hints, ...rest] }
  }
}

async function aiSdkSchema(tool: string, field: Field, schema: AiSdkSchema): Promise<PreparedSchema> {
  let json: unknown = schema.jsonSchema
  if (typeof json === 'function') json = (json as () => unknown)()
  json = await json
  if (!isPlainObject(json)) refuse(tool, field, 'the AI SDK schema has no JSON Schema object (jsonSchema)')
  const own = schema.validate
  if (typeof own !== 'function')
    return { jsonSchema: json, via: 'ai-sdk-schema', check: withHints(json, ajvCheck(tool, field, json)) }
  // why: with its own validate the schema is checked by it; ajv only adds paths, when it can compile it.
  let ajv: ((value: unknown) => Checked) | undefined
  try {
    ajv = ajvCheck(tool, field, json)
  } catch {
    // why: a vendor keyword ajv's strict mode refuses does not make a validated schema unusable.
  }
  const check = async (value: unknown): Promise<Checked> => {
    const result = (await own.call(schema, value)) as { success: boolean; value?: unknown; error?: unknown }
    if (result.success) return { ok: true, value: result.value }
    // why: the AI SDK's error has no path; ajv names the paths when it sees the problem too.
    const fromAjv = ajv?.(value)
    const message = result.error instanceof Error ? result.error.message : String(result.error)
    return { ok: false, violations: fromAjv === undefined || fromAjv.ok ? [`args: ${message}`] : fromAjv.violations }
  }
  return { jsonSchema: json, via: 'ai-sdk-schema', check: withHints(json, check) }
}

/** Make `schema` (a tool's `field`) usable, or throw an IsocodeError naming the tool, the field and the fix. */
export async function prepareSchema(tool: string, field: Field, schema: unknown): Promise<PreparedSchema> {
  if (isStandardSchema(schema)) {
    const converted = await standardToJsonSchema(schema, field === 'inputSchema' ? 'input' : 'output')
    if ('problem' in converted) refuse(tool, field, converted.problem)
    if (!isPlainObject(converted.schema))
      refuse(tool, field, `the ${converted.via} conversion gave no JSON Schema object`)
    const jsonSchema = converted.schema
    return { jsonSchema, via: converted.via, check: withHints(jsonSchema, (value) => standardValidate(schema, value)) }
  }
  if (isAiSdkSchema(schema)) return aiSdkSchema(tool, field, schema)
  if (!isPlainObject(schema))
    refuse(
      tool,
      field,
      `must be a JSON Schema object or a Standard Schema (zod, valibot, arktype); got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`,
    )
  return { jsonSchema: schema, via: 'json-schema', check: withHints(schema, ajvCheck(tool, field, schema)) }
}
