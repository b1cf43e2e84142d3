// A JSON Schema that breaks its draft's meta-schema, said in the schema's own words: which key,
// the bad value, and the values that are allowed there (ajv's own text says "data/type must be
// equal to one of the allowed values, data/type must be array, ...").
import { showValue } from '@isocode/code-runtime'
import { closestNames } from '@isocode/sdk-codegen'
import type { ErrorObject } from 'ajv'
import { pointerKeys } from './paths.ts'

const schemaPath = (pointer: string): string =>
  pointerKeys(pointer)
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('') || '(the schema)'

function describe(error: ErrorObject): string {
  const where = schemaPath(error.instancePath)
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map((value) => String(value))
    const near = typeof error.data === 'string' ? closestNames(error.data, allowed) : []
    const hint = near.length > 0 ? `; did you mean ${JSON.stringify(near[0])}?` : ''
    return `${where} is ${showValue(error.data)}, not one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}${hint}`
  }
  return `${where} ${error.message ?? `breaks ${error.keyword}`} (got ${showValue(error.data)})`
}

/**
 * The meta-schema errors of a schema as one line, the most specific first: a branch error under a
 * key hides the `anyOf` and the type errors ajv also reports for that key.
 */
export function schemaProblems(errors: readonly ErrorObject[]): string {
  const paths = errors.map((error) => error.instancePath)
  const deeper = (path: string): boolean => paths.some((other) => other.startsWith(`${path}/`))
  const enumAt = new Set(errors.filter((error) => error.keyword === 'enum').map((error) => error.instancePath))
  const kept = errors.filter(
    (error) =>
      error.keyword !== 'anyOf' &&
      error.keyword !== 'oneOf' &&
      !deeper(error.instancePath) &&
      !(error.keyword !== 'enum' && enumAt.has(error.instancePath)),
  )
  return [...new Set((kept.length > 0 ? kept : errors).map(describe))].join('; ')
}
