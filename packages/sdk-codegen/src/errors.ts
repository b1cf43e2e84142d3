/** The codes a {@link CodegenError} can carry, each with the fix its message suggests. */
export const CodegenErrorCode = {
  INVALID_TOOL_LIST: 'pass an array of { name, description?, parameters } objects',
  INVALID_TOOL_NAME: 'give every tool a non-empty string `name`',
  DUPLICATE_TOOL_NAME: 'tool names must be unique within one tools:sdk section; rename or drop one',
} as const

/** One of the string codes of {@link CodegenErrorCode}. */
export type CodegenErrorCode = keyof typeof CodegenErrorCode

/**
 * Misuse of the SDK renderer: a malformed tool list, a missing or empty tool name, or a name used
 * twice. Schema problems never throw; they degrade to `unknown`.
 */
export class CodegenError extends Error {
  override readonly name = 'CodegenError'

  constructor(
    readonly code: CodegenErrorCode,
    /** The offending tool name as given (may be a non-string for INVALID_TOOL_NAME). */
    readonly toolName: unknown,
    /** Position of the offending entry in the input array, when there is one. */
    readonly index: number | undefined,
    detail: string,
  ) {
    super(`${detail}: ${CodegenErrorCode[code]}`)
  }
}

/** A short, never-throwing rendering of an arbitrary value for error messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null) return 'null'
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object'
  if (typeof value === 'symbol' || typeof value === 'function') return `a ${typeof value}`
  return String(value)
}
