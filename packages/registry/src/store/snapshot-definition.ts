import { isPlainObject } from '@isocode/code-runtime'
import { toLosslessJson } from '@isocode/code-runtime'
import { RegistryError } from '../errors.ts'
import { toStableLosslessJson } from '../stable-json.ts'
import { describeThrown } from '../pipeline/results.ts'
import type { JsonObject, JsonValue, ToolDefinition } from '../types.ts'

function invalid(message: string): never {
  throw new RegistryError(message, 'INVALID_DEFINITION')
}

/** Deep-freeze a detached JSON value without recursion. */
export function deepFreeze<T extends JsonValue>(value: T): T {
  const stack: JsonValue[] = [value]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue
    Object.freeze(node)
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child)
  }
  return value
}

/** Validate a schema field (`parameters`, `outputSchema`) as lossless JSON before and after cloning; return the frozen clone. */
export function detachSchema(name: string, field: 'parameters' | 'outputSchema', schema: unknown): JsonObject {
  const first = toStableLosslessJson(schema)
  if (!first.ok) {
    invalid(
      first.unstable
        ? `tool "${name}": unstable ${field}, two reads differ (${first.reason}); pass plain JSON Schema data`
        : `tool "${name}": ${field} must be lossless JSON (${first.reason}); pass plain JSON Schema data`,
    )
  }
  // why: the clone is what the registry keeps and sends; re-validating it pins that the copy (not
  // only the caller's object, which may be a proxy or carry getters) is data.
  const second = toLosslessJson(first.value)
  if (!second.ok || !isPlainObject(first.value)) {
    invalid(
      `tool "${name}": ${field} must be a JSON Schema object (use {"type":"object","properties":{}}${field === 'parameters' ? ' for no arguments' : ''})`,
    )
  }
  return deepFreeze(first.value)
}

// why: a definition may carry throwing getters; each field is read exactly once, through here.
function read(def: Record<string, unknown>, key: string): unknown {
  try {
    return def[key]
  } catch (error) {
    return invalid(`tools.register: reading ${key} of the definition threw (${describeThrown(error)})`)
  }
}

function optionalFunction(
  def: Record<string, unknown>,
  name: string,
  key: string,
): ((...args: never[]) => unknown) | undefined {
  const value = read(def, key)
  if (value === undefined) return undefined
  if (typeof value !== 'function') invalid(`tool "${name}": ${key} must be a function when present`)
  // why: bound once to the original definition, so replacing the property later changes nothing.
  return (value as (...args: never[]) => unknown).bind(def)
}

/**
 * Turn a caller's definition into the registry's frozen snapshot: fields read once, scalars
 * copied, parameters detached and frozen, callbacks bound to the original definition.
 */
export function snapshotDefinition(definition: unknown): ToolDefinition {
  if (typeof definition !== 'object' || definition === null)
    invalid('tools.register: definition must be an object { name, parameters, execute }')
  const def = definition as Record<string, unknown>
  const name = read(def, 'name')
  if (typeof name !== 'string' || name === '') invalid('tools.register: name must be a non-empty string')
  const description = read(def, 'description')
  if (description !== undefined && typeof description !== 'string')
    invalid(`tool "${name}": description must be a string when present`)
  const group = read(def, 'group')
  if (group !== undefined && (typeof group !== 'string' || group === ''))
    invalid(`tool "${name}": group must be a non-empty string when present`)
  const concurrencySafe = read(def, 'concurrencySafe')
  if (concurrencySafe !== undefined && typeof concurrencySafe !== 'boolean')
    invalid(`tool "${name}": concurrencySafe must be true or false when present`)
  const annotations = readAnnotations(name, read(def, 'annotations'))
  const timeoutMs = read(def, 'timeoutMs')
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)) {
    invalid(`tool "${name}": timeoutMs must be a positive finite number of milliseconds when present`)
  }
  const parameters = detachSchema(name, 'parameters', read(def, 'parameters'))
  const rawOutputSchema = read(def, 'outputSchema')
  const outputSchema = rawOutputSchema === undefined ? undefined : detachSchema(name, 'outputSchema', rawOutputSchema)
  const execute = optionalFunction(def, name, 'execute')
  if (execute === undefined)
    invalid(`tool "${name}": execute must be a function (args, exec) => Promise<ContentBlock[]>`)
  const presentCall = optionalFunction(def, name, 'presentCall')
  const presentResult = optionalFunction(def, name, 'presentResult')
  // why: R-149 — a gate is read by durable runs (pause) and, outside them, asked like an `ask` decision.
  const rawGate = read(def, 'needsApproval')
  if (rawGate !== undefined && typeof rawGate !== 'boolean' && typeof rawGate !== 'function')
    invalid(`tool "${name}": needsApproval must be true, false or a function (args) => boolean | Promise<boolean>`)
  const needsApproval = typeof rawGate === 'function' ? (rawGate as (...a: never[]) => unknown).bind(def) : rawGate
  const revert = optionalFunction(def, name, 'revert')
  const snapshot: Record<string, unknown> = { name }
  if (description !== undefined) snapshot.description = description
  snapshot.parameters = parameters
  if (outputSchema !== undefined) snapshot.outputSchema = outputSchema
  snapshot.execute = execute
  if (presentCall !== undefined) snapshot.presentCall = presentCall
  if (presentResult !== undefined) snapshot.presentResult = presentResult
  if (timeoutMs !== undefined) snapshot.timeoutMs = timeoutMs
  if (group !== undefined) snapshot.group = group
  if (concurrencySafe === true) snapshot.concurrencySafe = true
  if (annotations !== undefined) snapshot.annotations = annotations
  if (needsApproval !== undefined && needsApproval !== false) snapshot.needsApproval = needsApproval
  if (revert !== undefined) snapshot.revert = revert
  return Object.freeze(snapshot) as unknown as ToolDefinition
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const

/** A definition's `annotations`: an object of boolean hints, copied and frozen; else misuse. */
function readAnnotations(name: string, value: unknown): Readonly<Record<string, boolean>> | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    invalid(`tool "${name}": annotations must be an object { readOnlyHint?, destructiveHint?, idempotentHint? }`)
  const out: Record<string, boolean> = {}
  for (const key of Object.keys(value)) {
    if (!(HINTS as readonly string[]).includes(key))
      invalid(`tool "${name}": annotations.${key} is unknown (known: ${HINTS.join(', ')})`)
    const hint: unknown = (value as Record<string, unknown>)[key]
    if (typeof hint !== 'boolean') invalid(`tool "${name}": annotations.${key} must be true or false`)
    out[key] = hint
  }
  return Object.freeze(out)
}
