// run_code checks each program against its tools before it runs; a program with a proven
// error runs nothing and fails with the kind `check`, in the format of runtime failures.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { RUN_CODE_OUTPUT_SCHEMA, ToolRegistry } from '@isocode/registry'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Context } from 'cordis'
import { beforeAll, describe, expect, it } from 'vitest'

// A backend that records the programs it was asked to run and returns 1.
class RecordingRuntime extends CodeRuntime {
  readonly isolation = 'none'
  language = 'typescript'
  readonly programs: string[] = []
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    this.programs.push(request.program)
    return withUsage({ logs: [], value: 1 })
  }
}

async function boot(config: { check?: boolean } = {}) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', ...config })
  await root.plugin(RecordingRuntime)
  const executed: unknown[] = []
  root.tools.register({
    name: 'read_file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    execute: async (args) => {
      executed.push(args)
      return [{ type: 'text', text: 'text' }]
    },
  })
  const runtime = root.get('codeRuntime') as RecordingRuntime
  const run = (code: string) =>
    root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code, description: 'd' } })
  return { runtime, executed, run }
}

const BROKEN = `const a = 1\nconst text = await tools.raed_file({ path: 'x' })\nawait tools.read_file({})`

// why: the checker is shared by the process and starts on the first check; until it is ready a
// check gives up at its time limit and the program runs unchecked. Warm it first, so the verdicts
// below hold on a machine of any speed.
async function warm(): Promise<void> {
  const { run } = await boot()
  for (;;) {
    const result = await run(BROKEN)
    if ((result.structuredContent as { error?: { kind?: string } } | undefined)?.error?.kind === 'check') return
    // why: the worker says it is ready through a message, which needs a turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the check before the run (R-104)', () => {
  beforeAll(warm, 600_000)

  it('blocks a program with proven errors: nothing runs, kind `check`, every error with its line:column', async () => {
    const { runtime, executed, run } = await boot()
    const result = await run(BROKEN)
    expect(runtime.programs).toEqual([])
    expect(executed).toEqual([])
    expect(result.isError).toBe(true)
    const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
    expect(text).toBe(
      [
        'run_code failed (check): the program was not run: the check before the run found 2 errors it would hit',
        'tools.raed_file is not a function: the SDK has no tool "raed_file"; did you mean tools.read_file? (at 2:26)',
        "2 | const text = await tools.raed_file({ path: 'x' })",
        '  |                          ^',
        'tools.read_file is missing the required property "path" of its arguments (at 3:23)',
        '3 | await tools.read_file({})',
        '  |                       ^',
      ].join('\n'),
    )
    expect(result.structuredContent).toMatchObject({
      logs: [],
      usage: { toolCalls: 0 },
      error: { kind: 'check', line: 2, column: 26 },
    })
    expect(new Ajv2020({ strict: true }).compile(RUN_CODE_OUTPUT_SCHEMA)(result.structuredContent)).toBe(true)
  })

  it('runs a program with no proven error (a type error the run would survive is no reason to block)', async () => {
    const { runtime, run } = await boot()
    const code = `const n: number = await tools.read_file({ path: 'x' })\nreturn n`
    const result = await run(code)
    expect(result.isError).toBe(false)
    expect(runtime.programs).toEqual([code])
  })

  it('with `check: false` the same broken program goes to the runtime', async () => {
    const { runtime, run } = await boot({ check: false })
    await run(BROKEN)
    expect(runtime.programs).toEqual([BROKEN])
  })

  it('a `check` that is not a boolean is a config error naming the option', async () => {
    const root = new Context()
    await expect(
      (async () => {
        const fiber = await root.plugin(ToolRegistry, { mode: 'code', check: 'yes' as unknown as boolean })
        await fiber
      })(),
    ).rejects.toThrow(/check must be true or false/)
  })
})
