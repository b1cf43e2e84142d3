// The per-run tool-call budget of Code Mode (rules in
// docs/registry-contract.md), on the registry's side: a scripted backend stands in for the program
// and ends when the run-scoped signal fires, as every real backend does (RT-26).
import type { CodeRunResult } from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type { ToolExecutionResult, ToolRegistryConfig } from '@isocode/registry'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { Events, type Script, ScriptRuntime } from './script-runtime.ts'

const aborted = (signal: AbortSignal): Omit<CodeRunResult, 'usage'> => ({
  logs: ['before the end'],
  error: { kind: 'abort', message: `the run was aborted (${String(signal.reason)})` },
})

// why: what `while (true) { try { await tools.echo({}) } catch {} }` does on a backend: it keeps
// calling after every refusal and only the run-scoped abort ends it.
const catchAndLoop: Script = async (tools, signal) => {
  while (!signal.aborted) await tools.echo?.({}).catch(() => undefined)
  return aborted(signal)
}

async function boot(config: ToolRegistryConfig, script: Script) {
  const root = new Context()
  // why: scripted backends run no program text; the check before the run is off.
  await root.plugin(ToolRegistry, { mode: 'code', check: false, ...config })
  await root.plugin(ScriptRuntime, { script })
  await root.plugin(Events)
  const counts = { echo: 0, safe: 0 }
  root.tools.register({
    name: 'echo',
    parameters: { type: 'object' },
    execute: async () => (counts.echo++, [{ type: 'text', text: 'e' }]),
  })
  root.tools.register({
    name: 'safe',
    concurrencySafe: true,
    parameters: { type: 'object' },
    execute: async () => (counts.safe++, [{ type: 'text', text: 's' }]),
  })
  const events = (root.get('session') as Events).events
  const run = (signal?: AbortSignal): Promise<ToolExecutionResult> =>
    root.tools.execute({
      callId: 'c1',
      name: 'run_code',
      arguments: { code: '…', description: 'd' },
      ...(signal === undefined ? {} : { signal }),
    })
  return { root, counts, events, run }
}

const textOf = (result: ToolExecutionResult): string =>
  result.content[0]?.type === 'text' ? result.content[0].text : ''
const outcomes = (events: SessionEvent[]) =>
  events.filter((event) => event.type === 'tool/code-run').map((event) => event.outcome)
const dispatches = (events: SessionEvent[]) =>
  events.filter((event) => event.type === 'tool/code-dispatch').map((event) => event.callId)

describe('toolCalls config', () => {
  it('defaults to 1000 and takes a whole number >= 1', async () => {
    const root = new Context()
    const fiber = await root.plugin(ToolRegistry, { mode: 'code' })
    expect(root.tools.toolCalls).toBe(1000)
    await fiber.dispose()
    await root.plugin(ToolRegistry, { mode: 'code', toolCalls: 7 })
    expect(root.tools.toolCalls).toBe(7)
  })

  it.each([
    [0, '0'],
    [-3, '-3'],
    [2.5, '2.5'],
    ['50', '"50"'],
    [Number.NaN, 'NaN'],
  ])('refuses %s with an error naming the field, the value (%s) and an example', async (value, shown) => {
    const expected = `toolCalls must be a whole number of tool calls >= 1 (got ${shown}); e.g. 1000`
    await expect(new Context().plugin(ToolRegistry, { toolCalls: value as number })).rejects.toThrow(expected)
    expect(() => new ToolRegistry(new Context(), { toolCalls: value as number })).toThrow(`tools: ${expected}`)
  })
})

describe('the tool-call budget of a run', () => {
  it('dispatches exactly toolCalls calls, then ends the run with tool-call-limit although the program catches', async () => {
    const { counts, events, run } = await boot({ toolCalls: 5 }, catchAndLoop)
    const result = await run()
    expect(counts.echo).toBe(5)
    expect(result).toMatchObject({ isError: true, error: { code: 'CODE_RUN_FAILED' } })
    expect(textOf(result)).toBe(
      'run_code failed (tool-call-limit): the program made more than 5 tool calls (toolCalls); call 6 was not run. ' +
        'Do more per call (a tool that takes a list, a narrower query) or split the work across run_code calls.\n\nlogs before the failure:\nbefore the end',
    )
    expect(dispatches(events)).toEqual(['c1:code:1', 'c1:code:2', 'c1:code:3', 'c1:code:4', 'c1:code:5'])
    expect(outcomes(events)).toEqual(['tool-call-limit'])
  })

  it('the refused call rejects inside the program naming the budget, and later calls are refused without dispatch', async () => {
    const seen: string[] = []
    const { counts, run } = await boot({ toolCalls: 2 }, async (tools, signal) => {
      for (let i = 0; i < 4; i++) seen.push(await tools.echo!({}).then(String, (error: Error) => error.message))
      return signal.aborted ? aborted(signal) : { logs: [], value: 'unreachable' }
    })
    const result = await run()
    expect(seen).toEqual([
      'e',
      'e',
      'tools.echo was not run: the program reached its limit of 2 tool calls (toolCalls); the run is ending',
      'tools.echo was not run: the program reached its limit of 2 tool calls (toolCalls); the run is ending',
    ])
    expect(counts.echo).toBe(2)
    expect(textOf(result)).toMatch(/^run_code failed \(tool-call-limit\)/)
  })

  it('a limit of one counts in the singular', async () => {
    const seen: string[] = []
    const { run } = await boot({ toolCalls: 1 }, async (tools, signal) => {
      for (let i = 0; i < 2; i++) seen.push(await tools.echo!({}).then(String, (error: Error) => error.message))
      return signal.aborted ? aborted(signal) : { logs: [], value: 'unreachable' }
    })
    const result = await run()
    expect(seen[1]).toBe(
      'tools.echo was not run: the program reached its limit of 1 tool call (toolCalls); the run is ending',
    )
    expect(textOf(result)).toMatch(
      /^run_code failed \(tool-call-limit\): the program made more than 1 tool call \(toolCalls\)/,
    )
  })

  it('a backend that lets the program return after the refusal still reports tool-call-limit', async () => {
    const { events, run } = await boot({ toolCalls: 1 }, async (tools) => {
      await tools.echo!({})
      const refused = await tools.echo!({}).catch((error: Error) => error.message)
      return { logs: [], value: refused }
    })
    const result = await run()
    expect(textOf(result)).toMatch(/^run_code failed \(tool-call-limit\): the program made more than 1 tool call /)
    expect(outcomes(events)).toEqual(['tool-call-limit'])
  })

  it('counts calls to concurrencySafe tools at dispatch, so Promise.all never overruns it', async () => {
    const { counts, events, run } = await boot({ toolCalls: 3, concurrentCallLimit: 4 }, async (tools, signal) => {
      await Promise.allSettled(Array.from({ length: 10 }, () => tools.safe!({})))
      return aborted(signal)
    })
    const result = await run()
    // why: the fourth call ends the run while the first three are in flight; like any run end
    // that aborts them, so a tool may or may not have started, but never more than three.
    expect(dispatches(events)).toEqual(['c1:code:1', 'c1:code:2', 'c1:code:3'])
    expect(counts.safe).toBeLessThanOrEqual(3)
    expect(textOf(result)).toMatch(/^run_code failed \(tool-call-limit\)/)
  })

  it('refused arguments and the discovery members take nothing from the budget', async () => {
    const { counts, events, run } = await boot({ toolCalls: 2 }, async (tools) => {
      await tools.echo!({ n: 1n }).catch(() => undefined)
      for (let i = 0; i < 5; i++) await tools.$describe!('echo')
      await tools.$search!(['echo'])
      return { logs: [], value: [await tools.echo!({}), await tools.echo!({})] }
    })
    const result = await run()
    expect(result.isError).toBe(false)
    expect(counts.echo).toBe(2)
    expect(outcomes(events)).toEqual(['ok'])
  })

  it('the budget is per run_code call: a second run starts again at zero', async () => {
    const { counts, run } = await boot({ toolCalls: 3 }, async (tools) => ({
      logs: [],
      value: [await tools.echo!({}), await tools.echo!({}), await tools.echo!({})],
    }))
    expect((await run()).isError).toBe(false)
    expect((await run()).isError).toBe(false)
    expect(counts.echo).toBe(6)
  })

  it('an outer abort that came first stays an abort, even when the program then exceeds the budget', async () => {
    const outer = new AbortController()
    const { counts, events, run } = await boot({ toolCalls: 2 }, async (tools, signal) => {
      await tools.echo!({})
      outer.abort(new Error('user cancelled'))
      for (let i = 0; i < 3; i++) await tools.echo!({}).catch(() => undefined)
      return aborted(signal)
    })
    const result = await run(outer.signal)
    expect(textOf(result)).toMatch(/^run_code failed \(abort\): the run was aborted \(Error: user cancelled\)/)
    expect(outcomes(events)).toEqual(['abort'])
    expect(counts.echo).toBe(1)
  })
})
