// The defaults `run --help` and `serve --help` print are the ones the runtime and the registry
// apply (R-140: each default lives in one place; the help text is checked against it, not a copy).
import { resolveConfig } from '@isocode/isolate-runtime'
import { DEFAULT_SDK_BUDGET_BYTES } from '@isocode/sdk-codegen'
import { describe, expect, it } from 'vitest'
import { helpText } from '../src/help.ts'

/** The number after "(default " on the line of `flag` in `text`. */
function printedDefault(text: string, flag: string): number | undefined {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${flag} `))
  const match = line === undefined ? null : /\(default (\d+)/.exec(line)
  return match === null ? undefined : Number(match[1])
}

describe.each(['run', 'serve'] as const)('isocode %s --help', (command) => {
  it('prints the defaults the runtime and the registry apply', () => {
    const runtime = resolveConfig({})
    const text = helpText(command)
    expect({
      cpu: printedDefault(text, '--cpu-ms'),
      wall: printedDefault(text, '--wall-ms'),
      memory: printedDefault(text, '--memory-mb'),
      output: printedDefault(text, '--output-bytes'),
      sdk: printedDefault(text, '--sdk-bytes'),
    }).toEqual({
      cpu: runtime.cpuMs,
      wall: runtime.wallMs,
      memory: runtime.memoryMb,
      output: runtime.outputBytes,
      sdk: DEFAULT_SDK_BUDGET_BYTES,
    })
  })
})
