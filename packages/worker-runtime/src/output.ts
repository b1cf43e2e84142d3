import type { CodeRunResult } from '@isocode/code-runtime'

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8')

/** The longest prefix of `logs` whose JSON fits in `cap` bytes; the last entry may be cut at a code point. */
export function fittingLogs(logs: readonly string[], cap: number): string[] {
  const kept: string[] = []
  let used = 2
  for (const entry of logs) {
    const cost = bytes(JSON.stringify(entry)) + (kept.length > 0 ? 1 : 0)
    if (used + cost <= cap) {
      kept.push(entry)
      used += cost
      continue
    }
    const points = Array.from(entry)
    let low = 0
    let high = points.length
    while (low < high) {
      const mid = Math.ceil((low + high) / 2)
      const piece = bytes(JSON.stringify(points.slice(0, mid).join(''))) + (kept.length > 0 ? 1 : 0)
      if (used + piece <= cap) low = mid
      else high = mid - 1
    }
    if (low > 0) kept.push(points.slice(0, low).join(''))
    break
  }
  return kept
}

/** Apply the output cap (rule RT-21 in docs/runtime-contract.md): JSON bytes of logs plus value or failure message. */
export function capOutput(result: Omit<CodeRunResult, 'usage'>, cap: number): Omit<CodeRunResult, 'usage'> {
  const tail =
    result.error !== undefined
      ? JSON.stringify(result.error.message)
      : result.value === undefined
        ? ''
        : JSON.stringify(result.value)
  if (bytes(JSON.stringify(result.logs)) + bytes(tail) <= cap) return result
  return {
    logs: fittingLogs(result.logs, cap),
    error: {
      kind: 'output-limit',
      message: `output exceeded ${cap} bytes (logs plus ${result.error ? 'failure message' : 'value'})`,
    },
  }
}
