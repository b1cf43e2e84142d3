import { utf8Length } from '@isocode/code-runtime'
import type { ToolExecutionResult } from '../types.ts'
import { callFailureText } from './call-error.ts'
import { programValue } from './result-text.ts'

/**
 * UTF-8 bytes of what the program receives from sub-call `name`: the JSON of its value, or the
 * text its call rejects with (what run events and tool spans report, R-81 and R-92).
 */
export function receivedBytes(name: string, typed: boolean, result: ToolExecutionResult): number {
  if (result.isError) return utf8Length(callFailureText(name, result))
  try {
    return utf8Length(JSON.stringify(programValue(result, typed)) ?? '')
  } catch {
    // why: a value JSON cannot hold is refused when the program receives it; nothing to count here.
    return 0
  }
}
