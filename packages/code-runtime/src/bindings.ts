import { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
import { showValue } from './show-value.ts'
import type { CodeBindingNamespace } from './types.ts'

/** Portable global names: ASCII letters, digits and `_`, not starting with a digit (no `$`). */
const PORTABLE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

// why: a namespace or error class must never shadow what programs rely on, nor be a word the
// parser refuses; the list covers ECMAScript reserved words and the standard globals.
const RESERVED = new Set(
  [
    'await break case catch class const continue debugger default delete do else enum export extends',
    'false finally for function if implements import in instanceof interface let new null package',
    'private protected public return static super switch this throw true try typeof var void while',
    'with yield async of arguments eval undefined NaN Infinity globalThis console',
    'Object Function Array Number String Boolean Symbol BigInt Math JSON Date RegExp Error',
    'AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError Promise',
    'Proxy Reflect Map Set WeakMap WeakSet WeakRef FinalizationRegistry ArrayBuffer SharedArrayBuffer',
    'DataView Atomics Intl WebAssembly isFinite isNaN parseFloat parseInt encodeURI encodeURIComponent',
    'decodeURI decodeURIComponent escape unescape Int8Array Uint8Array Uint8ClampedArray Int16Array',
    'Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array',
  ].flatMap((line) => line.split(' ')),
)

/** Members an error class already owns, so they cannot hold the called member's name. */
const RESERVED_MEMBER = new Set(['name', 'message', 'stack', 'cause', 'constructor', 'prototype', '__proto__'])

function fail(message: string): never {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_BINDINGS, message)
}

function checkName(what: string, name: unknown): string {
  if (typeof name !== 'string' || !PORTABLE_IDENTIFIER.test(name)) {
    fail(`${what} ${JSON.stringify(name)} is not a portable identifier; use letters, digits and _ (e.g. "tools")`)
  }
  if (RESERVED.has(name)) fail(`${what} "${name}" shadows a reserved global or keyword; pick another name`)
  return name
}

/**
 * Check a request's namespaces: portable, unreserved, unique globals and error classes, function
 * members. Throws {@link CodeRuntimeError} `INVALID_BINDINGS` naming the field and the fix.
 */
export function validateBindings(bindings: readonly CodeBindingNamespace[]): void {
  if (!Array.isArray(bindings)) fail('bindings must be an array of namespaces ({ global, functions })')
  const taken = new Set<string>()
  const claim = (what: string, name: unknown): void => {
    const checked = checkName(what, name)
    if (taken.has(checked)) fail(`${what} "${checked}" is declared twice; every global name must be unique`)
    taken.add(checked)
  }
  for (const ns of bindings) {
    claim('namespace global', ns.global)
    if (typeof ns.functions !== 'object' || ns.functions === null) {
      fail(`namespace "${ns.global}": functions must be an object of async functions`)
    }
    for (const member of Object.keys(ns.functions)) {
      if (typeof ns.functions[member] !== 'function') {
        fail(`namespace "${ns.global}": member ${JSON.stringify(member)} is not a function`)
      }
    }
  }
  for (const ns of bindings) {
    if (ns.positional !== undefined && ns.positional !== true)
      fail(`namespace "${ns.global}": positional must be true when given (got ${showValue(ns.positional)})`)
  }
  for (const ns of bindings) {
    const concurrent = ns.concurrent
    if (concurrent === undefined) continue
    if (typeof concurrent !== 'object' || concurrent === null || !Array.isArray(concurrent.members)) {
      fail(`namespace "${ns.global}": concurrent must be { members: string[], limit: number }`)
    }
    if (!Number.isSafeInteger(concurrent.limit) || concurrent.limit < 1) {
      fail(
        `namespace "${ns.global}": concurrent.limit must be a whole number >= 1 (got ${showValue(concurrent.limit)})`,
      )
    }
    for (const member of concurrent.members) {
      if (typeof member !== 'string' || !Object.hasOwn(ns.functions, member)) {
        fail(`namespace "${ns.global}": concurrent member ${JSON.stringify(member)} is not one of its functions`)
      }
    }
  }
  for (const ns of bindings) {
    if (ns.errorClass === undefined) continue
    claim(`namespace "${ns.global}" errorClass name`, ns.errorClass.name)
    const property = ns.errorClass.memberNameProperty
    if (typeof property !== 'string' || property === '' || RESERVED_MEMBER.has(property)) {
      fail(
        `namespace "${ns.global}" errorClass.memberNameProperty ${JSON.stringify(property)} must be a non-empty name ` +
          'other than name/message/stack/cause (e.g. "tool")',
      )
    }
  }
}

/** What a binding error's `code` may be: an upper-case identifier (`DENIED`, `INVALID_ARGS`). */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/

/**
 * The `code` a binding's thrown error carries to the program (rule RT-63): its own string `code`
 * property when that is an upper-case identifier, else undefined. Never throws.
 */
export function bindingErrorCode(error: unknown): string | undefined {
  try {
    if (typeof error !== 'object' || error === null || !Object.hasOwn(error, 'code')) return undefined
    const code: unknown = (error as { code?: unknown }).code
    return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined
  } catch {
    return undefined
  }
}
