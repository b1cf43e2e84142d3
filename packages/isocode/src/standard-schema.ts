// Standard Schema tools (zod 3/4, valibot, arktype, …): JSON Schema for the SDK text from the
// library's own Standard JSON Schema (`~standard.jsonSchema`), else its official converter; the
// arguments are checked by the schema's own `validate`, whose output value execute gets.
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { argsPath } from './paths.ts'

/** A value implementing Standard Schema v1 (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const standard = (value as { '~standard'?: unknown })['~standard']
  return (
    typeof standard === 'object' &&
    standard !== null &&
    typeof (standard as { validate?: unknown }).validate === 'function'
  )
}

type Converted = { schema: unknown; via: string } | { problem: string }

// why: optional peers, loaded only for a schema that needs them; a bare specifier string keeps
// bundlers and tsc from requiring them at build time.
async function optional<T>(name: string): Promise<T | undefined> {
  try {
    return (await import(name)) as T
  } catch {
    return undefined
  }
}

/**
 * The JSON Schema of a Standard Schema's input (`io: 'input'`) or output, and how it was made:
 * `~standard.jsonSchema` (zod 4.2+, arktype 2.1.28+), or `@valibot/to-json-schema`, or
 * `zod-to-json-schema` for zod 3; a problem naming the fix otherwise.
 */
export async function standardToJsonSchema(schema: StandardSchemaV1, io: 'input' | 'output'): Promise<Converted> {
  const standard = schema['~standard'] as StandardSchemaV1.Props & Partial<StandardJSONSchemaV1.Props>
  const vendor = standard.vendor
  try {
    if (standard.jsonSchema !== undefined)
      return { schema: standard.jsonSchema[io]({ target: 'draft-2020-12' }), via: '~standard.jsonSchema' }
    if (vendor === 'valibot') {
      const converter = await optional<{
        toJsonSchema(schema: unknown, config?: { typeMode?: string; errorMode?: string }): unknown
      }>('@valibot/to-json-schema')
      if (converter === undefined)
        return {
          problem:
            'a valibot schema needs @valibot/to-json-schema for its JSON Schema; install it (npm i @valibot/to-json-schema)',
        }
      return {
        schema: converter.toJsonSchema(schema, { typeMode: io, errorMode: 'throw' }),
        via: '@valibot/to-json-schema',
      }
    }
    if (vendor === 'zod') {
      if ('_zod' in schema)
        return { problem: 'a zod 4 schema before zod 4.2 has no Standard JSON Schema; upgrade zod to 4.2 or later' }
      const converter = await optional<{ zodToJsonSchema(schema: unknown, options?: object): unknown }>(
        'zod-to-json-schema',
      )
      if (converter === undefined)
        return {
          problem:
            'a zod 3 schema needs zod-to-json-schema for its JSON Schema; install it (npm i zod-to-json-schema) or use zod 4 (import { z } from "zod/v4")',
        }
      return {
        schema: converter.zodToJsonSchema(schema, {
          $refStrategy: 'none',
          effectStrategy: io === 'input' ? 'input' : 'any',
          pipeStrategy: io,
          target: 'jsonSchema7',
        }),
        via: 'zod-to-json-schema',
      }
    }
  } catch (error) {
    return {
      problem: `its ${vendor} schema could not be converted to JSON Schema (${error instanceof Error ? error.message : String(error)})`,
    }
  }
  return {
    problem: `a ${vendor} schema has no JSON Schema (~standard.jsonSchema, Standard JSON Schema 1.1); use a version of ${vendor} that implements it, or pass JSON Schema`,
  }
}

/** Check `value` with the schema's own validate: its output value, or `args.path: message` lines. */
export async function standardValidate(
  schema: StandardSchemaV1,
  value: unknown,
): Promise<{ ok: true; value: unknown } | { ok: false; violations: string[] }> {
  const result = await schema['~standard'].validate(value)
  if (result.issues === undefined) return { ok: true, value: result.value }
  const violations = result.issues.map((issue) => {
    const keys = (issue.path ?? []).map((segment) => {
      const key = typeof segment === 'object' ? segment.key : segment
      return typeof key === 'number' ? key : String(key)
    })
    return `${argsPath(keys)}: ${issue.message}`
  })
  return { ok: false, violations: [...new Set(violations)] }
}
