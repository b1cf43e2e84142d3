// Comparing JSON answers and call lists exactly, and showing the difference when they are not equal.
import { createTwoFilesPatch } from 'diff'

/** `value` as indented JSON with object keys sorted (key order never makes two answers differ). */
export function canonicalJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted)
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(
        Object.keys(v)
          .toSorted()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      )
    return v
  }
  return JSON.stringify(sorted(value), null, 2) ?? 'undefined'
}

/** Whether `a` and `b` are the same JSON value (object key order aside). */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b)

/** A unified diff of `a` (labelled `aLabel`) against `b`, as canonical JSON lines. */
export function jsonDiff(a: unknown, b: unknown, aLabel: string, bLabel: string): string {
  const patch = createTwoFilesPatch(
    aLabel,
    bLabel,
    `${canonicalJson(a)}\n`,
    `${canonicalJson(b)}\n`,
    undefined,
    undefined,
    { context: 3 },
  )
  // why: the first line is the "====" separator createTwoFilesPatch writes for two files.
  return patch.split('\n').slice(1).join('\n').trimEnd()
}
