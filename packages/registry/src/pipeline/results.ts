import { showValue } from '@isocode/code-runtime'
import { HarnessError } from '@isocode/harness'
import { RegistryError, type RegistryErrorCode } from '../errors.ts'
import type { ToolExecutionResult } from '../types.ts'

// why: enough of a thrown object to read its fields, not so much that it floods the model's text.
const THROWN_CHARS = 300

/** The structured failure class a result carries, plus its model-facing text. */
export interface Failure {
  readonly message: string
  readonly name: string
  readonly code: string
}

/** An isError result for `failure`: the text goes to the model, `{ name, code }` to plugins. */
export function errorResult(callId: string, failure: Failure): ToolExecutionResult {
  return {
    callId,
    content: [{ type: 'text', text: failure.message }],
    isError: true,
    error: { name: failure.name, code: failure.code },
  }
}

/** A registry failure with `code` and `message`. */
export function registryFailure(code: RegistryErrorCode, message: string): Failure {
  return failureOfError(new RegistryError(message, code))
}

/**
 * `value instanceof ctor`, false instead of throwing: a Proxy's getPrototypeOf trap or a revoked
 * Proxy makes the plain operator throw.
 */
export function safeInstanceOf<T>(value: unknown, ctor: abstract new (...args: never[]) => T): value is T {
  try {
    return value instanceof ctor
  } catch {
    return false
  }
}

/**
 * What a thrown value becomes: a HarnessError keeps its own `{ name, code }` and message; anything
 * else becomes a RegistryError with `code` and `prefix` + its message. Never throws.
 */
export function failureOfThrown(thrown: unknown, code: RegistryErrorCode, prefix: string): Failure {
  // why: every look at the thrown value (instanceof, the three reads) is inside one guard; a
  // hostile subclass or Proxy degrades to the generic wrapping below.
  try {
    if (thrown instanceof HarnessError) {
      const { message, name, code: own } = thrown
      if (typeof message === 'string' && typeof name === 'string' && typeof own === 'string') {
        return { message, name, code: own }
      }
    }
  } catch {
    // why: fall through to describeThrown, which has its own guard.
  }
  return registryFailure(code, `${prefix}${describeThrown(thrown)}`)
}

/** A printable message of any thrown value; never throws. */
export function describeThrown(thrown: unknown): string {
  try {
    if (typeof thrown === 'object' && thrown !== null) {
      // why: only an own-or-inherited string `message` is trusted; instanceof adds nothing here
      // and is one more trap a Proxy could throw from.
      const message = (thrown as { message?: unknown }).message
      if (typeof message === 'string') return message
      // why: a plain object or an array says nothing as `[object Object]` / `a,b`; JSON names it.
      const proto = Object.getPrototypeOf(thrown) as unknown
      if (Array.isArray(thrown) || proto === Object.prototype || proto === null) return showValue(thrown, THROWN_CHARS)
    }
    return String(thrown)
  } catch {
    return '<unprintable thrown value>'
  }
}

function failureOfError(error: HarnessError): Failure {
  return { message: error.message, name: error.name, code: error.code }
}
