import { checkValue } from './check-value.ts'
import { compileSchemaSpec } from './compile.ts'
import type { SchemaSpec } from './spec.ts'

/**
 * Every way `args` misses `spec`, path-qualified (`args.items[2].name must be a string (got number)`);
 * empty means valid. Mirrors schemaSpecToJsonSchema exactly: extra keys pass, `default` is not
 * applied, object/array without properties/items only type-check. Never throws for any `args`; an
 * invalid spec throws a RegistryError (INVALID_DEFINITION).
 */
export function validateArgs(spec: SchemaSpec, args: unknown): string[] {
  return checkValue(compileSchemaSpec(spec, 'validateArgs'), args, 'args')
}
