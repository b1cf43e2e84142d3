import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { RunEvent, ToolExecution, ToolExecutionInput } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

type Script = (request: CodeRunRequest) => Promise<CodeRunResult>

// A backend that runs a scripted "program": it calls the bindings it was given and writes console
// lines through the request's onConsole as a backend does (RT-48), so the registry's side of the
// stream can be checked without a sandbox.
class ScriptedRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  readonly requests: CodeRunRequest[] = []
  constructor(
    ctx: Context,
    readonly config: { script: Script },
  ) {
    super(ctx)
  }
  run(request: CodeRunRequest): Promise<CodeRunResult> {
    this.requests.push(request)
    return this.config.script(request)
  }
}

const tools = (request: CodeRunRequest) => request.bindings[0]?.functions ?? {}

async function boot(script: Script, config: { toolCalls?: number } = {}) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', ...config })
  await root.plugin(ScriptedRuntime, { script })
  root.tools.register({
    name: 'echo',
    parameters: { type: 'object' },
    execute: async () => [{ type: 'text', text: 'héllo' }],
  })
  root.tools.register({
    name: 'fails',
    parameters: { type: 'object' },
    execute: async () => {
      throw new Error('no such file')
    },
  })
  return root
}

function runCode(root: Context, extra: Partial<ToolExecutionInput> = {}) {
  const events: RunEvent[] = []
  const pending = root.tools.execute({
    callId: 'r1',
    name: 'run_code',
    arguments: { code: 'x', description: 'd' },
    onRunEvent: (event) => void events.push(event),
    ...extra,
  })
  return { events, pending }
}

const echoThenFail: Script = async (request) => {
  request.onConsole?.('before')
  await tools(request).echo?.({})
  await tools(request)
    .fails?.({})
    .catch(() => undefined)
  request.onConsole?.('after')
  return withUsage({ logs: ['before', 'after'], value: 1 })
}

describe('onRunEvent: the events of one run_code call (R-80..R-83)', () => {
  it('reports the run, each dispatched call with its callId and outcome, and console lines, in order', async () => {
    const root = await boot(echoThenFail)
    const { events, pending } = runCode(root)
    expect((await pending).isError).toBe(false)
    const shape = events.map((e) =>
      e.type === 'call-started' || e.type === 'call-finished'
        ? `${e.type} ${e.call} ${e.tool} ${e.callId}`
        : e.type === 'console'
          ? `console ${e.line}`
          : e.type,
    )
    expect(shape).toEqual([
      'run-started',
      'console before',
      'call-started 1 echo r1:code:1',
      'call-finished 1 echo r1:code:1',
      'call-started 2 fails r1:code:2',
      'call-finished 2 fails r1:code:2',
      'console after',
      'run-finished',
    ])
    const [echo, fails] = events.filter((e) => e.type === 'call-finished')
    expect(echo).toMatchObject({ ok: true, bytes: Buffer.byteLength('"héllo"') })
    expect(echo?.type === 'call-finished' && echo.ms).toBeGreaterThanOrEqual(0)
    expect(echo).not.toHaveProperty('code')
    expect(fails).toMatchObject({ ok: false, code: 'TOOL_FAILED' })
    expect(fails?.type === 'call-finished' && fails.bytes).toBeGreaterThan(Buffer.byteLength('no such file'))
    expect(events.at(-1)).toMatchObject({
      type: 'run-finished',
      callId: 'r1',
      outcome: 'ok',
      calls: 2,
      usage: { bindingCalls: 0 },
    })
    expect(events[0]).toEqual({ type: 'run-started', callId: 'r1' })
  })

  it('a failed run ends the stream with its failure kind, tool-call-limit included (R-71)', async () => {
    const root = await boot(
      async (request) => {
        for (let i = 0; i < 3; i++)
          await tools(request)
            .echo?.({})
            .catch(() => undefined)
        return withUsage({ logs: [], value: 1 })
      },
      { toolCalls: 2 },
    )
    const { events, pending } = runCode(root)
    expect((await pending).error?.code).toBe('CODE_RUN_FAILED')
    // why: R-81 — the refused third call was never dispatched, so it is not reported.
    expect(events.filter((e) => e.type === 'call-started')).toHaveLength(2)
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', outcome: 'tool-call-limit', calls: 2 })
  })

  it('a listener that throws changes nothing and keeps receiving the run (R-82)', async () => {
    const root = await boot(echoThenFail)
    const seen: string[] = []
    const result = await root.tools.execute({
      callId: 'r1',
      name: 'run_code',
      arguments: { code: 'x', description: 'd' },
      onRunEvent: (event) => {
        seen.push(event.type)
        throw new Error('listener bug')
      },
    })
    expect(result.isError).toBe(false)
    expect(result.content).toEqual([{ type: 'text', text: 'before\nafter\n\nreturn value:\n1' }])
    expect(seen).toHaveLength(8)
  })

  it('nothing reaches the listener after run-finished (R-82)', async () => {
    let late: ((line: string) => void) | undefined
    const root = await boot(async (request) => {
      late = (line) => request.onConsole?.(line)
      return withUsage({ logs: [], value: 1 })
    })
    const { events, pending } = runCode(root)
    await pending
    late?.('too late')
    expect(events.map((e) => e.type)).toEqual(['run-started', 'run-finished'])
  })

  it('without onRunEvent the runtime request carries no listener (R-83)', async () => {
    const root = await boot(echoThenFail)
    await root.tools.execute({ callId: 'r1', name: 'run_code', arguments: { code: 'x', description: 'd' } })
    const runtime = root.get('codeRuntime') as ScriptedRuntime
    expect(runtime.requests[0]).not.toHaveProperty('onEvent')
    expect(runtime.requests[0]).not.toHaveProperty('onConsole')
  })

  it('with onRunEvent the runtime is asked for console lines only, so it wraps no binding (R-83)', async () => {
    const root = await boot(echoThenFail)
    await runCode(root).pending
    const runtime = root.get('codeRuntime') as ScriptedRuntime
    expect(runtime.requests[0]).not.toHaveProperty('onEvent')
    expect(typeof runtime.requests[0]?.onConsole).toBe('function')
  })

  it('the listener never appears on the execution guards and listeners see (R-80)', async () => {
    const root = await boot(echoThenFail)
    const seen: ToolExecution[] = []
    root.on('tools/execute', (exec, next) => {
      seen.push(exec)
      return next()
    })
    await runCode(root).pending
    expect(seen.map((exec) => exec.name)).toEqual(['run_code', 'echo', 'fails'])
    for (const exec of seen) expect(Object.keys(exec)).not.toContain('onRunEvent')
    expect('onRunEvent' in (seen[0] as object)).toBe(false)
  })

  it('a listener that is not a function is refused as INVALID_INPUT; other tools ignore a listener', async () => {
    const root = await boot(echoThenFail)
    const bad = await root.tools.execute({
      callId: 'r2',
      name: 'run_code',
      arguments: { code: 'x', description: 'd' },
      onRunEvent: 'no' as never,
    })
    expect(bad.error?.code).toBe('INVALID_INPUT')
    expect(bad.content[0]?.type === 'text' && bad.content[0].text).toMatch(
      /onRunEvent of tool call "run_code" must be a function/,
    )
    const events: RunEvent[] = []
    const echo = await root.tools.execute({
      callId: 'e1',
      name: 'echo',
      arguments: {},
      onRunEvent: (event) => void events.push(event),
    })
    expect(echo.isError).toBe(false)
    expect(events).toEqual([])
  })

  it('a runtime that rejects still ends the stream, as crash', async () => {
    const root = await boot(async () => {
      throw new Error('backend bug')
    })
    const { events, pending } = runCode(root)
    expect((await pending).isError).toBe(true)
    expect(events).toEqual([
      { type: 'run-started', callId: 'r1' },
      { type: 'run-finished', callId: 'r1', outcome: 'crash', calls: 0, usage: null },
    ])
  })

  it('an aborted run ends with the abort outcome and the in-flight tool saw its signal fire', async () => {
    const outer = new AbortController()
    let toolSignal: AbortSignal | undefined
    const root = await boot(async (request) => {
      const call = tools(request).slow?.({})
      await new Promise<void>((resolve) => request.signal?.addEventListener('abort', () => resolve()))
      await call?.catch(() => undefined)
      return withUsage({ logs: [], error: { kind: 'abort', message: 'aborted' } })
    })
    root.tools.register({
      name: 'slow',
      parameters: { type: 'object' },
      execute: (_args, exec) => {
        toolSignal = exec.signal
        return new Promise((_resolve, reject) =>
          exec.signal?.addEventListener('abort', () => reject(new Error('stopped'))),
        )
      },
    })
    const { events, pending } = runCode(root, { signal: outer.signal })
    await expect.poll(() => events.some((e) => e.type === 'call-started')).toBe(true)
    outer.abort(new Error('user cancelled'))
    await pending
    expect(toolSignal?.aborted).toBe(true)
    expect(events.at(-2)).toMatchObject({ type: 'call-finished', tool: 'slow', ok: false })
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', outcome: 'abort' })
  })
})
