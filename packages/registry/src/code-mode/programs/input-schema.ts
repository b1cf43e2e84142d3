// The input schema of a saved program: JSON Schema (draft 2020-12) compiled with ajv in strict mode,
// so an object that is not JSON Schema is refused when the program is saved (R-120).
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'

// why: strictSchema refuses unknown keywords (a typo is not silently "any"); the type and
// required strictness only concerns style and would refuse valid schemas.
const newAjv = (): Ajv2020 =>
  new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    validateFormats: false,
  })
let shared: Ajv2020 | undefined
const ajv = (): Ajv2020 => (shared ??= newAjv())

/** Checks one input against the schema; each problem as `input.path: what`. */
export type InputCheck = (value: unknown) => string[]

const pathOf = (pointer: string): string =>
  `input${pointer
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`))
    .join('')}`

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return `${pathOf(error.instancePath)}.${String(params.missingProperty)}: missing`
  if (error.keyword === 'additionalProperties')
    return `${pathOf(error.instancePath)}.${String(params.additionalProperty)}: unknown property`
  return `${pathOf(error.instancePath)}: ${error.message ?? error.keyword}`
}

/** Compile `schema` into an input check, or say why it is not a JSON Schema. */
export function compileInputSchema(schema: unknown): { ok: true; check: InputCheck } | { ok: false; problem: string } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return { ok: false, problem: 'must be a JSON Schema object, e.g. { type: "object", properties: { … } }' }
  const declared = (schema as Record<string, unknown>).$schema
  if (declared !== undefined && !/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/.test(String(declared)))
    return { ok: false, problem: `$schema ${JSON.stringify(declared)} is not supported; use draft 2020-12 or omit it` }
  let validate: ValidateFunction
  try {
    if (ajv().validateSchema(schema) !== true)
      return { ok: false, problem: `is not a JSON Schema: ${ajv().errorsText(ajv().errors, { dataVar: 'input' })}` }
    // why: a compiled schema keeps its `$id`; saving the same program again must not clash.
    validate = newAjv().compile(schema)
  } catch (error) {
    return { ok: false, problem: `is not a JSON Schema: ${error instanceof Error ? error.message : String(error)}` }
  }
  return {
    ok: true,
    check: (value) => (validate(value) ? [] : [...new Set((validate.errors ?? []).map(describe))]),
  }
}
