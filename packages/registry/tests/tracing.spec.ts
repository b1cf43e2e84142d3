// The spans of Code Mode runs (rules in docs/registry-contract.md) on the registry's
// side, recorded by the real OpenTelemetry SDK: the scripted backend calls its bindings under the
// root context, so every parent below is set by the registry, not inherited.
import type { ContentBlock, ToolDefinition } from '@isocode/registry'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import {
  asCaller,
  bootScripted,
  installTracing,
  oneSpan,
  parentOf,
  type Script,
  spanStrings,
  spansNamed,
} from './tracing-helpers.ts'

const tracing = installTracing()
afterAll(() => tracing.uninstall())
beforeEach(() => tracing.exporter.reset())

const text = (value: string): ContentBlock[] => [{ type: 'text', text: value }]
const secretArg = (name: string, i: number) => ({ secret: `ARG-SECRET-${name}-${i}` })
const secretResult = (args: Record<string, unknown>) =>
  `RESULT-SECRET for ${String(args.secret).replace('ARG-SECRET', 'x')} é`

/** `par` calls wait until three of them are in flight, so they provably overlap. */
function tools() {
  let inFlight = 0
  let release!: () => void
  const allIn = new Promise<void>((resolve) => (release = resolve))
  const list: ToolDefinition[] = [
    { name: 'seq', parameters: { type: 'object' }, execute: async (args) => text(secretResult(args)) },
    {
      name: 'par',
      concurrencySafe: true,
      parameters: { type: 'object' },
      async execute(args) {
        if (++inFlight === 3) release()
        await allIn
        return text(secretResult(args))
      },
    },
    {
      name: 'fail',
      parameters: { type: 'object' },
      execute: async () => Promise.reject(new Error('boom ARG-SECRET-in-message')),
    },
    {
      name: 'nested',
      parameters: { type: 'object' },
      execute: async () => {
        // why: a tool instrumented on its own, as an HTTP client or a database driver would be.
        const own = trace.getTracer('tool-lib').startSpan('tool-own-work')
        own.end()
        return text('ok')
      },
    },
  ]
  return list
}

const threeAndThree: Script = async (t) => {
  for (let i = 1; i <= 3; i++) await t.seq?.(secretArg('seq', i))
  await Promise.all([1, 2, 3].map((i) => t.par?.(secretArg('par', i))))
  return { result: { logs: [], value: 'done' }, usage: { cpuMs: 3, wallMs: 9, bindingCalls: 6, bindingMs: 2 } }
}

// why: what `while (true) { try { await tools.seq({}) } catch {} }` does: only the run's abort ends it.
const catchAndLoop: Script = async (t, signal) => {
  while (!signal.aborted) await t.seq?.({}).catch(() => undefined)
  return { result: { logs: [], error: { kind: 'abort', message: 'aborted' } } }
}

describe('spans of a run (R-90, R-91)', () => {
  it('gives one isocode.run span under the caller and one tool span per sub-call under it, for 3 sequential and 3 parallel calls', async () => {
    const { run } = await bootScripted(threeAndThree, tools())
    const result = await asCaller(() => run())
    expect(result.isError).toBe(false)
    const spans = tracing.exporter.getFinishedSpans()
    const caller = oneSpan(spans, 'caller')
    const runSpan = oneSpan(spans, 'isocode.run')
    expect(parentOf(runSpan)).toBe(caller.spanContext().spanId)
    expect(runSpan.spanContext().traceId).toBe(caller.spanContext().traceId)
    const toolSpans = spans.filter((span) => span.name.startsWith('isocode.tool '))
    expect(toolSpans.map((span) => span.name).toSorted()).toEqual([
      'isocode.tool par',
      'isocode.tool par',
      'isocode.tool par',
      'isocode.tool seq',
      'isocode.tool seq',
      'isocode.tool seq',
    ])
    for (const span of toolSpans) {
      expect(parentOf(span)).toBe(runSpan.spanContext().spanId)
      expect(span.spanContext().traceId).toBe(caller.spanContext().traceId)
    }
    expect(toolSpans.map((span) => span.attributes['gen_ai.tool.call.id']).toSorted()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `outer:code:${n}`),
    )
    expect(spans.length).toBe(8)
  })

  it('ends every tool span before the run span, and the run span before run_code returns', async () => {
    const { run } = await bootScripted(threeAndThree, tools())
    await run()
    const spans = tracing.exporter.getFinishedSpans()
    // why: the in-memory exporter receives a span when it ends, so its order is the end order.
    expect(spans.at(-1)?.name).toBe('isocode.run')
    expect(spans.length).toBe(7)
  })

  it('is a root span when the caller has no active span', async () => {
    const { run } = await bootScripted(threeAndThree, tools())
    await run()
    expect(parentOf(oneSpan(tracing.exporter.getFinishedSpans(), 'isocode.run'))).toBeUndefined()
  })

  it('makes the tool span the active span of the tool, so the tool own spans nest under it', async () => {
    const { run } = await bootScripted(async (t) => ({ result: { logs: [], value: await t.nested?.({}) } }), tools())
    await asCaller(() => run())
    const spans = tracing.exporter.getFinishedSpans()
    expect(parentOf(oneSpan(spans, 'tool-own-work'))).toBe(oneSpan(spans, 'isocode.tool nested').spanContext().spanId)
    expect(parentOf(oneSpan(spans, 'isocode.tool nested'))).toBe(oneSpan(spans, 'isocode.run').spanContext().spanId)
  })

  it('scopes the tool span to the dispatch: active inside the tool, gone from the backend once the call returns', async () => {
    let inTool: string | undefined
    let afterCall: unknown = 'unset'
    const list = tools()
    list.push({
      name: 'probe',
      parameters: { type: 'object' },
      execute: async () => ((inTool = trace.getActiveSpan()?.spanContext().spanId), text('p')),
    })
    const { run } = await bootScripted(async (t) => {
      await t.probe?.({})
      afterCall = trace.getActiveSpan()
      return { result: { logs: [] } }
    }, list)
    await asCaller(() => run())
    expect(inTool).toBe(oneSpan(tracing.exporter.getFinishedSpans(), 'isocode.tool probe').spanContext().spanId)
    expect(afterCall).toBeUndefined()
  })
})

describe('attributes and status (R-92, R-93)', () => {
  it('carries the gen_ai execute_tool attributes, the outcome and the bytes on each tool span, the usage on the run span', async () => {
    const { run } = await bootScripted(threeAndThree, tools())
    await run('c9')
    const spans = tracing.exporter.getFinishedSpans()
    const first = spansNamed(spans, 'isocode.tool seq').find(
      (span) => span.attributes['gen_ai.tool.call.id'] === 'c9:code:1',
    )
    const expectedText = secretResult(secretArg('seq', 1))
    expect(first?.kind).toBe(SpanKind.INTERNAL)
    expect(first?.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'seq',
      'gen_ai.tool.call.id': 'c9:code:1',
      'gen_ai.tool.type': 'function',
      'isocode.tool.outcome': 'ok',
      'isocode.tool.bytes': Buffer.byteLength(JSON.stringify(expectedText)),
    })
    expect(first?.status.code).toBe(SpanStatusCode.UNSET)
    const runSpan = oneSpan(spans, 'isocode.run')
    expect(runSpan.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'run_code',
      'gen_ai.tool.call.id': 'c9',
      'gen_ai.tool.type': 'function',
      'isocode.run.outcome': 'ok',
      'isocode.run.cpu_ms': 3,
      'isocode.run.wall_ms': 9,
      'isocode.run.tool_calls': 6,
      'isocode.run.output_bytes': Buffer.byteLength(JSON.stringify([])) + Buffer.byteLength(JSON.stringify('done')),
    })
    expect(runSpan.status.code).toBe(SpanStatusCode.UNSET)
  })

  it('never carries an argument value, a result text or a failure message', async () => {
    const { run } = await bootScripted(async (t) => {
      await threeAndThree(t, new AbortController().signal)
      await t.fail?.(secretArg('fail', 1)).catch(() => undefined)
      return { result: { logs: ['ARG-SECRET-logged'], error: { kind: 'exception', message: 'ARG-SECRET-thrown' } } }
    }, tools())
    await run()
    const spans = tracing.exporter.getFinishedSpans()
    expect(spans.length).toBe(8)
    const carried = spans.flatMap(spanStrings)
    expect(carried.filter((value) => /SECRET|boom/.test(value))).toEqual([])
  })

  it('marks a failing program: the run span has error status and error.type set to the failure kind', async () => {
    const { run } = await bootScripted(
      async () => ({ result: { logs: [], error: { kind: 'exception', message: 'ReferenceError: x is not defined' } } }),
      tools(),
    )
    const result = await run()
    expect(result.isError).toBe(true)
    const runSpan = oneSpan(tracing.exporter.getFinishedSpans(), 'isocode.run')
    expect(runSpan.status).toEqual({ code: SpanStatusCode.ERROR, message: 'exception' })
    expect(runSpan.attributes['error.type']).toBe('exception')
    expect(runSpan.attributes['isocode.run.outcome']).toBe('exception')
  })

  it('marks a failing sub-call with its error code, and the run that caught it stays ok', async () => {
    const { run } = await bootScripted(async (t) => {
      const caught = await t.fail?.({}).catch((error: Error) => error.message)
      return { result: { logs: [], value: String(caught) } }
    }, tools())
    expect((await run()).isError).toBe(false)
    const spans = tracing.exporter.getFinishedSpans()
    const failed = oneSpan(spans, 'isocode.tool fail')
    expect(failed.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TOOL_FAILED' })
    expect(failed.attributes['error.type']).toBe('TOOL_FAILED')
    expect(failed.attributes['isocode.tool.outcome']).toBe('error')
    expect(failed.attributes['isocode.tool.bytes']).toBe(
      Buffer.byteLength('tools.fail failed (TOOL_FAILED): boom ARG-SECRET-in-message'),
    )
    expect(oneSpan(spans, 'isocode.run').status.code).toBe(SpanStatusCode.UNSET)
  })

  it('reports the registry budget, not the abort it caused, as the outcome of a run over toolCalls', async () => {
    const { run } = await bootScripted(catchAndLoop, tools(), { toolCalls: 2 })
    await run()
    const spans = tracing.exporter.getFinishedSpans()
    expect(spansNamed(spans, 'isocode.tool seq').length).toBe(2)
    expect(oneSpan(spans, 'isocode.run').attributes['error.type']).toBe('tool-call-limit')
  })

  it('ends the run span as an exception when the backend rejects instead of resolving', async () => {
    const { run } = await bootScripted(async () => Promise.reject(new Error('backend bug')), tools())
    expect((await run()).isError).toBe(true)
    const runSpan = oneSpan(tracing.exporter.getFinishedSpans(), 'isocode.run')
    expect(runSpan.attributes['error.type']).toBe('exception')
    expect(runSpan.attributes['isocode.run.cpu_ms']).toBeUndefined()
  })
})
