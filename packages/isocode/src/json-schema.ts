// JSON Schema tools: compile with ajv (draft 2020-12 or draft-07 by `$schema`) in strict mode, so an
// object that is not JSON Schema is refused at createCodeMode, and turn ajv's errors into violations.
import { Ajv } from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { argsPath, pointerKeys } from './paths.ts'
import { schemaProblems } from './schema-problems.ts'

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/

type AnyAjv = Ajv | Ajv2020

function newAjv(draft: 'draft-07' | '2020-12'): AnyAjv {
  // why: strictSchema refuses unknown keywords (a SchemaSpec or a typo is not silently "any");
  // the type/tuple/required strictness only concerns style and would refuse valid schemas.
  const options = {
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
  } as const
  const ajv = draft === 'draft-07' ? new Ajv(options) : new Ajv2020(options)
  ;(addFormats as unknown as (ajv: AnyAjv) => void)(ajv)
  return ajv
}

const shared: Partial<Record<'draft-07' | '2020-12', AnyAjv>> = {}

/** The draft `schema` declares (none: 2020-12, MCP's default), or a problem naming its `$schema`. */
export function draftOf(schema: Record<string, unknown>): { draft: 'draft-07' | '2020-12' } | { problem: string } {
  const declared = schema.$schema
  if (declared === undefined || (typeof declared === 'string' && DRAFT_2020.test(declared))) return { draft: '2020-12' }
  if (typeof declared === 'string' && DRAFT_07.test(declared)) return { draft: 'draft-07' }
  return {
    problem: `$schema ${JSON.stringify(declared)} is not supported; use draft 2020-12 or draft-07 (or omit $schema)`,
  }
}

/** What makes `schema` break its draft's meta-schema (bad value and allowed ones), or undefined. */
export function metaSchemaProblem(schema: Record<string, unknown>, draft: 'draft-07' | '2020-12'): string | undefined {
  const ajv = (shared[draft] ??= newAjv(draft))
  return ajv.validateSchema(schema) === true ? undefined : schemaProblems(ajv.errors ?? [])
}

/** Compile `schema`; throws ajv's own error (naming the keyword) when it is not valid JSON Schema. */
export function compileJsonSchema(schema: Record<string, unknown>, draft: 'draft-07' | '2020-12'): ValidateFunction {
  const ajv = (shared[draft] ??= newAjv(draft))
  try {
    return ajv.compile(schema)
  } catch (error) {
    // why: two tools may carry the same `$id`; each gets its own compiler then.
    if (error instanceof Error && /already exists/.test(error.message)) return newAjv(draft).compile(schema)
    throw error
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value
}

function describe(error: ErrorObject): string {
  const keys = pointerKeys(error.instancePath)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `${argsPath([...keys, String(params.missingProperty)])}: missing (required)`
    case 'additionalProperties':
      return `${argsPath([...keys, String(params.additionalProperty)])}: unknown property (not allowed)`
    case 'type':
      return `${argsPath(keys)}: must be ${Array.isArray(params.type) ? params.type.join(' or ') : String(params.type)} (got ${kindOf(error.data)})`
    case 'enum':
      return `${argsPath(keys)}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    default:
      return `${argsPath(keys)}: ${error.message ?? error.keyword}`
  }
}

/** ajv's errors as `args.path: problem` lines, without repeats. */
export function violationsOf(errors: readonly ErrorObject[] | null | undefined): string[] {
  return [...new Set((errors ?? []).map(describe))]
}
