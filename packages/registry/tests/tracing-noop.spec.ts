// No tracer provider registered (rule R-95 in docs/registry-contract.md): the registry starts no
// span, asks for no tracer and wraps no dispatch, so a run costs what it cost before tracing.
import type { ToolDefinition } from '@isocode/registry'
import { context, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { bootScripted, type Script } from './tracing-helpers.ts'

beforeAll(() => void context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()))
afterEach(() => {
  vi.restoreAllMocks()
  trace.disable()
})
afterAll(() => context.disable())

const echo: ToolDefinition = {
  name: 'echo',
  parameters: { type: 'object' },
  execute: async () => [{ type: 'text', text: 'e' }],
}
const twoCalls: Script = async (t) => ({
  result: { logs: [], value: [await t.echo?.({}), await t.echo?.({})].join('') },
})

/** Spies on the API entry points a traced run goes through. */
function spyOnTracing() {
  return {
    getTracer: vi.spyOn(trace, 'getTracer'),
    setSpan: vi.spyOn(trace, 'setSpan'),
    with: vi.spyOn(context, 'with'),
  }
}

describe('with no tracer provider registered (R-95)', () => {
  it('asks for no tracer, sets no span and wraps no sub-call', async () => {
    const { run } = await bootScripted(twoCalls, [echo])
    const spies = spyOnTracing()
    const result = await run()
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'ee' }] })
    expect(spies.getTracer).not.toHaveBeenCalled()
    expect(spies.setSpan).not.toHaveBeenCalled()
    // why: the scripted backend's own context.with (it stands in for the isolate) is the only one.
    expect(spies.with).toHaveBeenCalledTimes(1)
  })

  it('does the same after a provider was registered and then removed with trace.disable()', async () => {
    const exporter = new InMemorySpanExporter()
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
    const { run } = await bootScripted(twoCalls, [echo])
    await run('traced')
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      'isocode.tool echo',
      'isocode.tool echo',
      'isocode.run',
    ])
    trace.disable()
    const spies = spyOnTracing()
    await run('untraced')
    expect(spies.getTracer).not.toHaveBeenCalled()
    expect(spies.with).toHaveBeenCalledTimes(1)
    expect(exporter.getFinishedSpans().length).toBe(3)
  })
})
