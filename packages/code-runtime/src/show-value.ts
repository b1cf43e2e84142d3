// How a message shows a value someone passed: as JSON, so the string "5" reads `"5"` and not `5`.

/**
 * `value` as a message shows it: JSON (strings quoted, objects as JSON, cut at `maxChars`, default
 * 60), and for what JSON cannot say its own name (`undefined`, `NaN`, `Infinity`, `5n`, `a function`).
 */
export function showValue(value: unknown, maxChars = 60): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    case 'symbol':
      return value.toString()
    case 'bigint':
      return `${value}n`
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value)
    default:
  }
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    // why: a cycle, a BigInt inside or a throwing toJSON; the kind is still worth naming.
    text = undefined
  }
  if (text === undefined) return Array.isArray(value) ? 'an array' : 'an object'
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text
}
