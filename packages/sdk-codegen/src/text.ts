// Safe text for the generated TypeScript: keys, string literals and one-line JSDoc. Every string
// that comes from a tool (names, descriptions, schema keys, enum values) passes through here.

/** A bare key: ASCII identifiers only, so the model never has to guess about Unicode rules. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

// why: lone surrogates cannot be encoded as UTF-8 and would turn into U+FFFD at an unpredictable
// boundary (file write, HTTP body); replacing them here keeps the prompt bytes deterministic.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

// why: control characters (including U+2028/U+2029, which `\s` covers) and bidi overrides could
// break the one-line shape of a JSDoc or visually disguise the declaration (Trojan Source).
const COLLAPSIBLE = /[\s\p{Cc}\u202A-\u202E\u2066-\u2069]+/gu

// why: most descriptions are already one line of printable ASCII; skipping the Unicode-aware
// replacements for them halves the cost of rendering a large tool set.
const PLAIN = /^(?:[!-~]+ )*[!-~]+$/

/** True when `name` can be written as a bare property key and accessed as `tools.name`. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name)
}

/** A TypeScript string literal for `value`: JSON-quoted, with the two JSON-legal line separators escaped. */
export function quoteString(value: string): string {
  return JSON.stringify(value).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029')
}

/** A property key: bare when it is an ASCII identifier, JSON-quoted otherwise. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : quoteString(name)
}

/** `text` on one line: whitespace and control runs collapsed to one space, `*\/` escaped. */
export function oneLine(text: string): string {
  if (PLAIN.test(text)) return text.replaceAll('*/', '*\\/')
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(COLLAPSIBLE, ' ').trim().replaceAll('*/', '*\\/')
}

/** A one-line JSDoc line (`indent` + `/** text *\/` + newline), or '' when there is nothing to say. */
export function jsdoc(description: unknown, indent: string): string {
  if (typeof description !== 'string') return ''
  const text = oneLine(description)
  return text === '' ? '' : `${indent}/** ${text} */\n`
}

/** An identifier fragment for alias names: runs of non-identifier characters become `_`. */
export function identifierFragment(text: string, fallback: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_$]+/g, '_')
  return cleaned === '' || cleaned === '_' ? fallback : cleaned
}

/** `read_file` → `ReadFile`: the PascalCase prefix of a tool's alias names. */
export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== '')
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
  if (joined === '') return 'Tool'
  return /^[0-9]/.test(joined) ? `T${joined}` : joined
}
