// Building blocks of rendered type expressions: precedence-aware unions, intersections and
// array element wrapping, plus JSON literals as literal types.
import { quoteString } from './text.ts'

/**
 * A rendered type expression and how tightly it binds: `atom` never needs parentheses, `prefix`
 * (a negative number literal) needs them before `[]`, `union` and `intersection` are what they say.
 */
export interface Rendered {
  readonly text: string
  readonly kind: 'atom' | 'prefix' | 'union' | 'intersection'
}

/** What the recursive renderer hands to the structural helpers (objects, arrays, tuples). */
export interface RenderContext {
  /** Render a subschema whose first line continues at `indent`. */
  render(schema: unknown, indent: string): Rendered
}

/** What anything inexpressible degrades to. */
export const UNKNOWN: Rendered = { text: 'unknown', kind: 'atom' }
/** The `false` schema and empty unions: no value fits. */
export const NEVER: Rendered = { text: 'never', kind: 'atom' }
/** The `null` type. */
export const NULL: Rendered = { text: 'null', kind: 'atom' }

/** A keyword type or other expression that never needs parentheses. */
export function atom(text: string): Rendered {
  return { text, kind: 'atom' }
}

/** `T` ready to be followed by `[]` or `?` (parenthesized unless it is an atom). */
export function operand(type: Rendered): string {
  return type.kind === 'atom' ? type.text : `(${type.text})`
}

/** A union with duplicates and `never` dropped; any `unknown` member makes it `unknown`. */
export function union(members: readonly Rendered[]): Rendered {
  const kept = new Map<string, Rendered>()
  for (const member of members) {
    if (member.text === 'unknown') return UNKNOWN
    if (member.text !== 'never') kept.set(member.text, member)
  }
  return combine(kept, ' | ', 'union', NEVER)
}

/** An intersection with duplicates and `unknown` dropped; any `never` member makes it `never`. */
export function intersection(members: readonly Rendered[]): Rendered {
  const kept = new Map<string, Rendered>()
  for (const member of members) {
    if (member.text === 'never') return NEVER
    if (member.text !== 'unknown') kept.set(member.text, member)
  }
  return combine(kept, ' & ', 'intersection', UNKNOWN)
}

// why: a one-member union/intersection is the member itself, with its own precedence kept; with
// more members, the other operator's expressions get parentheses (`(A & B) | C`, `(A | B) & C`).
function combine(
  kept: Map<string, Rendered>,
  separator: string,
  kind: 'union' | 'intersection',
  empty: Rendered,
): Rendered {
  if (kept.size === 0) return empty
  const members = [...kept.values()]
  if (members.length === 1) return members[0] ?? empty
  const other = kind === 'union' ? 'intersection' : 'union'
  return { text: members.map((m) => (m.kind === other ? `(${m.text})` : m.text)).join(separator), kind }
}

/** A JSON literal as a literal type; objects, arrays and non-finite numbers become `unknown`. */
export function literal(value: unknown): Rendered {
  switch (typeof value) {
    case 'string':
      return atom(quoteString(value))
    case 'boolean':
      return atom(String(value))
    case 'number':
      if (!Number.isFinite(value)) return UNKNOWN
      // why: String(-0) is "0" already; JSON.stringify gives TS-valid forms such as 1e+21.
      return value < 0 ? { text: JSON.stringify(value), kind: 'prefix' } : atom(JSON.stringify(value))
    default:
      return value === null ? NULL : UNKNOWN
  }
}
