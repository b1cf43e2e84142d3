import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SessionSink, SystemPrompt } from '@isocode/harness'
import type { ScopeKey, SessionEvent } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

// A backend that answers every run with a fixed result: enough to check what the registry does
// around the runtime (assembly rules, success and failure text) without a sandbox.
class FixedRuntime extends CodeRuntime {
  readonly isolation = 'none'
  language = 'typescript'
  constructor(
    ctx: Context,
    readonly config: {
      language?: string
      result?: CodeRunResult
      waitForAbort?: boolean
      script?: (request: CodeRunRequest) => Promise<CodeRunResult>
    } = {},
  ) {
    super(ctx)
    if (config.language !== undefined) this.language = config.language
  }
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    this.requests.push(request)
    if (this.config.script !== undefined) return this.config.script(request)
    this.abortedAtStart.push(request.signal?.aborted === true)
    if (this.config.waitForAbort === true) {
      // why: stands in for a long program; it ends only when the run-scoped signal fires.
      return new Promise((resolve) =>
        request.signal?.addEventListener('abort', () =>
          resolve(withUsage({ logs: ['partial'], error: { kind: 'abort', message: 'aborted by the caller' } })),
        ),
      )
    }
    return this.config.result ?? withUsage({ logs: [] })
  }
  readonly requests: CodeRunRequest[] = []
  readonly abortedAtStart: boolean[] = []
}

async function boot(mode: 'native' | 'code' | 'both', runtime?: FixedRuntime['config']) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  // why: the fixed backends here answer whatever program text they get; the check before the run
  // (R-104, its own spec) would otherwise stand between run_code and the backend.
  await root.plugin(ToolRegistry, { mode, check: false })
  if (runtime !== undefined) await root.plugin(FixedRuntime, runtime)
  root.tools.register({
    name: 'echo',
    description: 'Echo.',
    parameters: { type: 'object' },
    execute: async () => [{ type: 'text', text: 'e' }],
  })
  return root
}

// why: stands in for a program calling `await tools.weather({})` and `await tools.untyped({})`.
async function callWeatherAndUntyped(request: CodeRunRequest): Promise<CodeRunResult> {
  const functions = request.bindings[0]?.functions ?? {}
  return withUsage({
    logs: [],
    value: [(await functions.weather?.({})) ?? null, (await functions.untyped?.({})) ?? null],
  })
}

const run = (root: Context, code = 'return 1') =>
  root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code, description: 'd' } })

describe('Code Mode assembly rules', () => {
  it('native mode contributes the definitions only, with no run_code and no SDK section', async () => {
    const root = await boot('native')
    const assembly = await root.systemPrompt.assemble()
    expect(assembly.tools.map((t) => t.name)).toEqual(['echo'])
    expect(assembly.system).toBe('')
    expect(root.tools.get('run_code')).toBeUndefined()
  })

  it('code mode without a loaded runtime rejects every assembly with an actionable error', async () => {
    const root = await boot('code')
    await expect(root.systemPrompt.assemble()).rejects.toThrow(/needs a loaded ctx\.codeRuntime/)
  })

  it('a runtime of another language rejects the assembly and the run', async () => {
    const root = await boot('both', { language: 'python' })
    await expect(root.systemPrompt.assemble()).rejects.toThrow(/language "typescript".*"python"/)
    const result = await run(root)
    expect(result.isError).toBe(true)
    expect(result.error?.code).toBe('CODE_MODE_UNAVAILABLE')
  })

  it('the SDK section is byte-identical for an unchanged set and follows registrations', async () => {
    const root = await boot('code', {})
    const first = (await root.systemPrompt.assemble()).system
    expect((await root.systemPrompt.assemble()).system).toBe(first)
    root.tools.register({ name: 'added', parameters: { type: 'object' }, execute: async () => [] })
    const second = (await root.systemPrompt.assemble()).system
    expect(second).not.toBe(first)
    expect(second).toContain('  added: (args')
  })
})

describe('run_code around the runtime', () => {
  it('binds one tools namespace with every visible end tool and never run_code itself', async () => {
    const root = await boot('code', {})
    await run(root)
    const runtime = root.get('codeRuntime') as FixedRuntime
    const [namespace] = runtime.requests[0]?.bindings ?? []
    expect(namespace?.global).toBe('tools')
    expect(Object.keys(namespace?.functions ?? {})).toEqual(['echo', '$search', '$describe'])
    expect(namespace?.errorClass).toEqual({ name: 'ToolCallError', memberNameProperty: 'tool' })
  })

  it('a failure kind becomes CODE_RUN_FAILED with the kind, message and logs', async () => {
    const root = await boot('code', {
      result: withUsage({ logs: ['before'], error: { kind: 'memory', message: 'heap limit reached' } }),
    })
    const result = await run(root)
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'CodeRunFailedError', code: 'CODE_RUN_FAILED' })
    const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
    expect(text).toContain('(memory): heap limit reached')
    expect(text).toContain('before')
  })

  it('a tool with an outputSchema resolves to its structuredContent, any other tool to its text', async () => {
    const root = await boot('code', { script: callWeatherAndUntyped })
    root.tools.register({
      name: 'weather',
      parameters: { type: 'object' },
      outputSchema: { type: 'object', properties: { c: { type: 'number' } } },
      execute: async () => ({ content: [{ type: 'text', text: '{"c":21}' }], structuredContent: { c: 21 } }),
    })
    root.tools.register({
      name: 'untyped',
      parameters: { type: 'object' },
      execute: async () => ({ content: [{ type: 'text', text: 'plain' }], structuredContent: { c: 1 } }),
    })
    const result = await run(root)
    expect(result.isError).toBe(false)
    expect(JSON.parse(result.content[0]?.type === 'text' ? result.content[0].text : '')).toEqual([{ c: 21 }, 'plain'])
  })

  it('each run logs a tool/code-run event with its outcome and usage, never in the content', async () => {
    const usage = { cpuMs: 12.5, wallMs: 40, bindingCalls: 2, bindingMs: 20 }
    const root = await boot('code', {
      result: withUsage({ logs: [], error: { kind: 'timeout', message: 'CPU budget of 5 ms exceeded' } }, usage),
    })
    const events: SessionEvent[] = []
    class Sink extends SessionSink {
      append(_scope: ScopeKey | undefined, event: SessionEvent): void {
        events.push(event)
      }
    }
    await root.plugin(Sink)
    const result = await run(root)
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).not.toMatch(/cpuMs|12\.5/)
    const outputBytes =
      Buffer.byteLength(JSON.stringify([])) + Buffer.byteLength(JSON.stringify('CPU budget of 5 ms exceeded'))
    expect(events).toEqual([
      { type: 'tool/code-run', callId: 'c1', outcome: 'timeout', usage: { ...usage, outputBytes } },
    ])
  })

  it('a returned string is the text as is; logs come first', async () => {
    const root = await boot('code', { result: withUsage({ logs: ['a', 'b'], value: 'the answer' }) })
    const result = await run(root)
    expect(result.content).toEqual([{ type: 'text', text: 'a\nb\n\nreturn value:\nthe answer' }])
  })

  it('the outer abort signal reaches the runtime through the run-scoped signal', async () => {
    const root = await boot('code', { waitForAbort: true })
    const outer = new AbortController()
    const pending = root.tools.execute({
      callId: 'c2',
      name: 'run_code',
      arguments: { code: 'return 1', description: 'd' },
      signal: outer.signal,
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const runtime = root.get('codeRuntime') as FixedRuntime
    expect(runtime.abortedAtStart).toEqual([false])
    outer.abort(new Error('user cancelled'))
    const result = await pending
    expect(result.error?.code).toBe('CODE_RUN_FAILED')
    expect(result.content[0]?.type === 'text' && result.content[0].text).toMatch(/\(abort\)[\s\S]*partial/)
  })
})

describe('run_code arguments (R-54)', () => {
  it('description is optional in the schema and at run time; unknown or mistyped properties are refused by name', async () => {
    const root = await boot('code', {})
    const [transport] = (await root.systemPrompt.assemble()).tools
    expect(transport?.parameters).toMatchObject({ required: ['code'], additionalProperties: false })
    const execute = (args: Record<string, unknown>) =>
      root.tools.execute({ callId: 'a', name: 'run_code', arguments: args })
    expect((await execute({ code: 'return 1' })).isError).toBe(false)
    const extra = await execute({ code: 'return 1', descripton: 'typo', timeout: 5 })
    expect(extra.error?.code).toBe('INVALID_ARGS')
    expect(extra.content).toEqual([
      {
        type: 'text',
        text: 'invalid arguments for run_code:\n- args.descripton: unknown property; run_code takes only code and, optionally, description\n- args.timeout: unknown property; run_code takes only code and, optionally, description',
      },
    ])
    const typed = await execute({ code: 'return 1', description: 5 })
    expect(typed.error?.code).toBe('INVALID_ARGS')
  })
})
