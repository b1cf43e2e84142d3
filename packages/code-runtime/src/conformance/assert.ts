import { expect } from 'vitest'
import type { CodeBinding, CodeBindingNamespace, CodeRunFailureKind, CodeRunResult, JsonValue } from '../types.ts'
import type { CodeRuntimeLike } from './types.ts'

/** Run a program with optional bindings and signal. */
export function run(
  runtime: CodeRuntimeLike,
  program: string,
  bindings: CodeBindingNamespace[] = [],
  signal?: AbortSignal,
): Promise<CodeRunResult> {
  return runtime.run(signal === undefined ? { program, bindings } : { program, bindings, signal })
}

/** Assert a successful run with exactly this value (`undefined`: no value at all). */
export function expectValue(result: CodeRunResult, value: JsonValue | undefined): void {
  // why: comparing error and value together makes a failure show both.
  expect({ error: result.error, value: result.value }).toStrictEqual({ error: undefined, value })
}

/** Assert a failed run of this kind with no value; returns its message. */
export function expectFailure(result: CodeRunResult, kind: CodeRunFailureKind): string {
  expect({ error: result.error, value: result.value }).toStrictEqual({
    error: { kind, message: expect.any(String) },
    value: undefined,
  })
  expect(Array.isArray(result.logs)).toBe(true)
  return result.error?.message ?? ''
}

/** Assert the runtime still works: `return 1` succeeds. */
export async function expectHealthy(runtime: CodeRuntimeLike): Promise<void> {
  expectValue(await run(runtime, 'return 1'), 1)
}

/** A namespace from a plain record (copied into a null-prototype object). */
export function namespace(
  global: string,
  functions: Record<string, CodeBinding>,
  errorClass?: CodeBindingNamespace['errorClass'],
): CodeBindingNamespace {
  const members = Object.assign(Object.create(null) as Record<string, CodeBinding>, functions)
  return errorClass === undefined ? { global, functions: members } : { global, functions: members, errorClass }
}

/** A binding that records its arguments and resolves them back. */
export function recorder(): { calls: unknown[]; binding: CodeBinding } {
  const calls: unknown[] = []
  return {
    calls,
    binding: (args) => {
      calls.push(args)
      return Promise.resolve(args as JsonValue)
    },
  }
}

/** A binding whose promise never settles. */
export const neverSettles: CodeBinding = () => new Promise<JsonValue>(() => {})

/** Resolve after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** UTF-8 byte length of a string (no Buffer, so the kit stays runtime-neutral). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length

/** A binding that resolves at once and tells the host the program reached it. */
export function gate(): { binding: CodeBinding; reached: Promise<void> } {
  let open!: () => void
  const reached = new Promise<void>((resolve) => (open = resolve))
  return {
    reached,
    binding: () => {
      open()
      return Promise.resolve(null)
    },
  }
}
