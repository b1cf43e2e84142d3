// "Did you mean": for arguments that failed validation, the keys no schema property names, each
// with the closest property names (else the required ones still missing), walking nested objects.
// One implementation for every tool: defineTool's and the facade's JSON Schema tools.
import { isPlainObject } from '@isocode/code-runtime'
import { closestNames } from '@isocode/sdk-codegen'
import { segment } from './path.ts'

const argsPath = (keys: readonly (string | number)[]): string => `args${keys.map(segment).join('')}`

/**
 * One line per unknown key of `args` under the JSON Schema `schema`'s `properties` (objects and array
 * items followed): `args.pth: unknown property; did you mean args.path? (properties: path, maxBytes)`.
 */
export function unknownKeyHints(schema: unknown, args: unknown, keys: (string | number)[] = []): string[] {
  if (!isPlainObject(schema)) return []
  if (Array.isArray(args)) {
    const items = schema.items
    return isPlainObject(items) ? args.flatMap((item, i) => unknownKeyHints(items, item, [...keys, i])) : []
  }
  if (!isPlainObject(args) || !isPlainObject(schema.properties)) return []
  const properties = schema.properties
  const names = Object.keys(properties)
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : []
  const missing = required.filter((name) => !Object.hasOwn(args, name))
  const hints: string[] = []
  for (const key of Object.keys(args)) {
    if (Object.hasOwn(properties, key)) {
      hints.push(...unknownKeyHints(properties[key], args[key], [...keys, key]))
      continue
    }
    const unused = names.filter((name) => !Object.hasOwn(args, name))
    // why: a key far from every name (`town` for `city`) most likely stands for a required one left out.
    const near = closestNames(key, unused)
    const guesses = near.length > 0 ? near : missing
    const guess =
      guesses.length > 0 ? `; did you mean ${guesses.map((name) => argsPath([...keys, name])).join(' or ')}?` : ''
    hints.push(
      `${argsPath([...keys, key])}: unknown property${guess} (properties: ${names.length > 0 ? names.join(', ') : 'none'})`,
    )
  }
  return hints
}
