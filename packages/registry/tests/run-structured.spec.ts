import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { RUN_CODE_OUTPUT_SCHEMA, selfContainedRunCodeDescription, ToolRegistry } from '@isocode/registry'
import { failurePosition, runStructuredContent } from '../src/code-mode/structured.ts'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

// A backend answering every run with one fixed result: what run_code makes of it is the subject.
class FixedRuntime extends CodeRuntime {
  readonly isolation = 'none'
  language = 'typescript'
  constructor(
    ctx: Context,
    readonly config: { result: CodeRunResult },
  ) {
    super(ctx)
  }
  async run(_request: CodeRunRequest): Promise<CodeRunResult> {
    return this.config.result
  }
}

async function runWith(result: CodeRunResult) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code' })
  await root.plugin(FixedRuntime, { result })
  return root.tools.execute({
    callId: 'c1',
    name: 'run_code',
    arguments: { code: 'const a = 1\nreturn a', description: 'd' },
  })
}

const validOutput = new Ajv2020({ strict: true }).compile(RUN_CODE_OUTPUT_SCHEMA)

describe('run_code structuredContent (R-75, R-76, R-77)', () => {
  it('a successful run carries value, logs and usage beside the unchanged text', async () => {
    const result = await runWith(withUsage({ logs: ['hi'], value: { n: 2 } }, { cpuMs: 3, wallMs: 5, bindingCalls: 2 }))
    expect(result.isError).toBe(false)
    expect(result.content).toEqual([{ type: 'text', text: 'hi\n\nreturn value:\n{\n  "n": 2\n}' }])
    expect(result.structuredContent).toEqual({
      value: { n: 2 },
      logs: ['hi'],
      // why: toolCalls counts the sub-calls the registry dispatched: this backend reports
      // two binding calls but made none.
      usage: { cpuMs: 3, wallMs: 5, toolCalls: 0, outputBytes: expect.any(Number) },
    })
    expect(validOutput(result.structuredContent)).toBe(true)
  })

  it('a run that returned nothing has no value member', async () => {
    const result = await runWith(withUsage({ logs: [] }))
    expect(result.structuredContent).not.toHaveProperty('value')
    expect(validOutput(result.structuredContent)).toBe(true)
  })

  it('a failed run is an isError result that keeps the run as data, with the position as numbers', async () => {
    const result = await runWith(
      withUsage(
        { logs: ['before'], error: { kind: 'exception', message: 'ReferenceError: b is not defined (at 2:8)' } },
        { bindingCalls: 1 },
      ),
    )
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'CodeRunFailedError', code: 'CODE_RUN_FAILED' })
    expect(result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('run_code failed (exception)'),
    })
    expect(result.structuredContent).toEqual({
      logs: ['before'],
      usage: { cpuMs: 0, wallMs: 0, toolCalls: 0, outputBytes: expect.any(Number) },
      error: { kind: 'exception', message: 'ReferenceError: b is not defined (at 2:8)', line: 2, column: 8 },
    })
    expect(validOutput(result.structuredContent)).toBe(true)
  })

  it('a failure without a position has no line or column', async () => {
    const result = await runWith(
      withUsage({ logs: [], error: { kind: 'memory', message: 'the program ran out of memory' } }),
    )
    expect(result.structuredContent).toMatchObject({
      error: { kind: 'memory', message: 'the program ran out of memory' },
    })
    expect(result.structuredContent).not.toHaveProperty('error.line')
  })

  it('bad run_code arguments carry no structuredContent (nothing ran)', async () => {
    const root = new Context()
    await root.plugin(SystemPrompt)
    await root.plugin(ToolRegistry, { mode: 'code' })
    await root.plugin(FixedRuntime, { result: withUsage({ logs: [] }) })
    const result = await root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code: 1 } })
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    expect(result).not.toHaveProperty('structuredContent')
  })
})

describe('runStructuredContent', () => {
  it("reports the failure run_code decided on when it is not the runtime's", () => {
    const ran = withUsage({ logs: ['x'], error: { kind: 'abort', message: 'aborted' } })
    expect(runStructuredContent(ran, { kind: 'budget', message: 'too many calls (at 3:1)' })).toMatchObject({
      logs: ['x'],
      error: { kind: 'budget', message: 'too many calls (at 3:1)', line: 3, column: 1 },
    })
    expect(runStructuredContent(ran)).toMatchObject({ error: { kind: 'abort', message: 'aborted' } })
  })
})

describe('failurePosition', () => {
  it('reads both position forms of the runtime (RT-7)', () => {
    expect(failurePosition('TypeError: x is not a function (at 12:3)')).toEqual({ line: 12, column: 3 })
    expect(failurePosition('`enum` at 4:1 is not erasable TypeScript; use a union')).toEqual({ line: 4, column: 1 })
    expect(failurePosition('wall-clock budget exceeded while waiting on tools.slow (at 7:22); later (at 9:1)')).toEqual(
      { line: 7, column: 22 },
    )
    expect(failurePosition('no position here')).toBeUndefined()
  })
})

describe('selfContainedRunCodeDescription (R-78)', () => {
  it('points below and appends the SDK; an empty SDK leaves the description alone', () => {
    expect(
      selfContainedRunCodeDescription('Run against the SDK described in the system prompt.', 'declare const tools: {}'),
    ).toBe('Run against the SDK described below.\n\nThe SDK:\n\ndeclare const tools: {}')
    expect(selfContainedRunCodeDescription('Run.', '')).toBe('Run.')
  })
})
