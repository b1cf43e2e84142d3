/** Whether `value` is an object that is neither null nor an array (a JSON object, a record of options). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
