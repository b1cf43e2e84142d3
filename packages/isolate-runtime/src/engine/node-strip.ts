// Node's own type stripping (`module.stripTypeScriptTypes`, Node 22.13+ and 23.2+), used where the
// running line has it (RT-68); elsewhere, and for every program it cannot strip, ts-blank-space decides.
import * as nodeModule from 'node:module'

type NodeStripper = (code: string, options?: { mode?: 'strip' }) => string

// why: a program is an async function body (top-level `return`), which a module parser refuses;
// the wrapper keeps every line, and only line 1 moves right by its length until it is cut off again.
const PREFIX = 'async function __program__() {'
const SUFFIX = '\n}'

const native = (nodeModule as { stripTypeScriptTypes?: NodeStripper }).stripTypeScriptTypes
let warned = false

/** Whether the running Node has its own type stripper. */
export const hasNodeStripper = (): boolean => typeof native === 'function'

/**
 * `source` with its types erased by Node, or undefined when Node has no stripper, refuses the
 * program (non-erasable syntax, syntax errors) or would move any line or column.
 */
export function nodeStrip(source: string): string | undefined {
  if (native === undefined) return undefined
  let out: string
  try {
    out = quietly(() => native(PREFIX + source + SUFFIX, { mode: 'strip' }))
  } catch {
    return undefined
  }
  if (!out.startsWith(PREFIX) || !out.endsWith(SUFFIX)) return undefined
  const code = out.slice(PREFIX.length, out.length - SUFFIX.length)
  return samePositions(source, code) ? code : undefined
}

/**
 * Whether `stripped` keeps every line and column of `source` (same length, line breaks at the same
 * offsets) and every `;` of it: Node's stripper erases the `;` that ends a type alias, which joins
 * the statements around it when the next one starts with `(` or `[`; ts-blank-space keeps it.
 */
export function samePositions(source: string, stripped: string): boolean {
  if (source.length !== stripped.length) return false
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    const d = stripped.charCodeAt(i)
    if (c === SEMICOLON && d !== SEMICOLON) return false
    if (isLineBreak(c) !== isLineBreak(d)) return false
  }
  return true
}

const SEMICOLON = 59
const isLineBreak = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029

// why: Node marks the stripper experimental and prints an ExperimentalWarning on its first call; an
// embedding application should not see a warning for a detail of how Isocode erases types. Only
// that one warning is dropped, and only during the first call.
function quietly<T>(strip: () => T): T {
  if (warned) return strip()
  warned = true
  const emit = process.emitWarning
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const text = typeof warning === 'string' ? warning : warning.message
    if (text.includes('stripTypeScriptTypes')) return
    ;(emit as (...args: unknown[]) => void).call(this, warning, ...rest)
  } as typeof process.emitWarning
  try {
    return strip()
  } finally {
    process.emitWarning = emit
  }
}
