import type { CodeRunResult, CodeRunUsage } from './types.ts'

/** UTF-8 byte length of a string without encoding it (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // why: a surrogate pair is 2 UTF-16 units and 4 UTF-8 bytes.
      bytes += 2
      i++
    } else bytes += 2
  }
  return bytes
}

/** What the output cap counts for a result: UTF-8 bytes of JSON(logs) plus JSON(value or failure message). */
export function outputBytesOf(result: Pick<CodeRunResult, 'logs' | 'value' | 'error'>): number {
  const tail =
    result.error !== undefined
      ? JSON.stringify(result.error.message)
      : result.value === undefined
        ? ''
        : JSON.stringify(result.value)
  return utf8Length(JSON.stringify(result.logs)) + utf8Length(tail)
}

/**
 * `result` with its usage: the measured fields given (zero when absent, e.g. a run refused
 * before it started) and `outputBytes` computed from the result itself.
 */
export function withUsage(
  result: Omit<CodeRunResult, 'usage'>,
  measured: Partial<Omit<CodeRunUsage, 'outputBytes'>> = {},
): CodeRunResult {
  const usage: CodeRunUsage = {
    cpuMs: measured.cpuMs ?? 0,
    wallMs: measured.wallMs ?? 0,
    bindingCalls: measured.bindingCalls ?? 0,
    bindingMs: measured.bindingMs ?? 0,
    outputBytes: outputBytesOf(result),
  }
  return { ...result, usage }
}
