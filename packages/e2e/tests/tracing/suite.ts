// The OpenTelemetry suite of Code Mode (rules in docs/registry-contract.md), registered
// once per isolate backend. Async context does not cross the isolate (nor the supervised runtime's
// process), so every parent checked here was set by the registry, not inherited.
import type { ContentBlock, ToolDefinition } from '@isocode/registry'
import { context, SpanStatusCode, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bootCodeMode, type CodeModeApp, type LoadRuntime, textOf } from '../code-mode/setup.ts'

const text = (value: string): ContentBlock[] => [{ type: 'text', text: value }]

/** seq (serial), par (concurrencySafe: each waits until three are in flight), nested, fail. */
function tracingTools(): ToolDefinition[] {
  let inFlight = 0
  let release!: () => void
  const allIn = new Promise<void>((resolve) => (release = resolve))
  return [
    {
      name: 'seq',
      description: 'Serial.',
      parameters: { type: 'object' },
      execute: async (args) => text(`RESULT-SECRET ${String(args.secret).length}`),
    },
    {
      name: 'par',
      description: 'Parallel.',
      concurrencySafe: true,
      parameters: { type: 'object' },
      // why: three calls provably overlap; a run that serialized them would hang until its wall budget.
      execute: async (args, exec) => {
        if (++inFlight === 3) release()
        await Promise.race([
          allIn,
          new Promise((_resolve, reject) => exec.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
        ])
        return text(`RESULT-SECRET ${String(args.secret).length}`)
      },
    },
    {
      name: 'nested',
      description: 'Starts a span of its own.',
      parameters: { type: 'object' },
      execute: async () => {
        trace.getTracer('tool-lib').startSpan('tool-own-work').end()
        return text('nested ok')
      },
    },
    {
      name: 'fail',
      description: 'Throws.',
      parameters: { type: 'object' },
      execute: async () => Promise.reject(new Error('boom RESULT-SECRET')),
    },
  ]
}

const THREE_AND_THREE = [
  'for (let i = 1; i <= 3; i++) await tools.seq({ secret: "ARG-SECRET-seq-" + i })',
  'await Promise.all([1, 2, 3].map((i) => tools.par({ secret: "ARG-SECRET-par-" + i })))',
  'return "done"',
].join('\n')

function asCaller<T>(fn: () => Promise<T>): Promise<T> {
  return trace.getTracer('app').startActiveSpan('caller', async (span) => {
    try {
      return await fn()
    } finally {
      span.end()
    }
  })
}

function oneSpan(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name)
  expect(found.length, `spans named ${name} among ${spans.map((s) => s.name).join(', ')}`).toBe(1)
  return found[0] as ReadableSpan
}

const idOf = (span: ReadableSpan): string => span.spanContext().spanId

function carried(span: ReadableSpan): string[] {
  return [
    span.name,
    span.status.message ?? '',
    ...Object.entries(span.attributes).flatMap(([key, value]) => [key, JSON.stringify(value)]),
  ]
}

/** Register the tracing cases against one backend. */
export function describeTracing(backend: string, load: LoadRuntime): void {
  describe(`OpenTelemetry spans of run_code on ${backend}`, () => {
    const exporter = new InMemorySpanExporter()
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
    let app: CodeModeApp
    beforeAll(async () => {
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
      trace.setGlobalTracerProvider(provider)
      app = await bootCodeMode(load, { cpuMs: 10_000, wallMs: 30_000 }, { tools: tracingTools() })
    })
    afterAll(async () => {
      await app.dispose()
      trace.disable()
      context.disable()
      await provider.shutdown()
    })
    beforeEach(() => exporter.reset())

    it('gives 1 run span under the caller and 6 tool spans under it for 3 sequential and 3 parallel calls, carrying no argument or result text', async () => {
      const result = await asCaller(() => app.runCode(THREE_AND_THREE))
      expect(textOf(result)).toBe('done')
      const spans = exporter.getFinishedSpans()
      const caller = oneSpan(spans, 'caller')
      const run = oneSpan(spans, 'isocode.run')
      expect(run.parentSpanContext?.spanId).toBe(idOf(caller))
      const toolSpans = spans.filter((span) => span.name.startsWith('isocode.tool '))
      expect(toolSpans.map((span) => span.name).toSorted()).toEqual([
        ...Array(3).fill('isocode.tool par'),
        ...Array(3).fill('isocode.tool seq'),
      ])
      for (const span of toolSpans) {
        expect(span.parentSpanContext?.spanId).toBe(idOf(run))
        expect(span.spanContext().traceId).toBe(caller.spanContext().traceId)
        expect(span.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'isocode.tool.outcome': 'ok' })
      }
      expect(toolSpans.map((span) => span.attributes['gen_ai.tool.call.id']).toSorted()).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => `outer:code:${n}`),
      )
      expect(run.attributes).toMatchObject({
        'gen_ai.tool.name': 'run_code',
        'gen_ai.tool.call.id': 'outer',
        'isocode.run.outcome': 'ok',
        'isocode.run.tool_calls': 6,
      })
      expect(run.attributes['isocode.run.wall_ms']).toBeGreaterThan(0)
      expect(spans.length).toBe(8)
      expect(spans.flatMap(carried).filter((value) => value.includes('SECRET'))).toEqual([])
    })

    it('makes each tool span active in its tool, so a span the tool starts nests under it', async () => {
      expect(textOf(await asCaller(() => app.runCode('return await tools.nested({})')))).toBe('nested ok')
      const spans = exporter.getFinishedSpans()
      const toolSpan = oneSpan(spans, 'isocode.tool nested')
      expect(oneSpan(spans, 'tool-own-work').parentSpanContext?.spanId).toBe(idOf(toolSpan))
      expect(toolSpan.parentSpanContext?.spanId).toBe(idOf(oneSpan(spans, 'isocode.run')))
    })

    it('gives a failing program error status with its kind, and a failed sub-call its error code', async () => {
      const result = await asCaller(() =>
        app.runCode('try { await tools.fail({}) } catch {}\nthrow new Error("ARG-SECRET thrown")'),
      )
      expect(result.isError).toBe(true)
      const spans = exporter.getFinishedSpans()
      const run = oneSpan(spans, 'isocode.run')
      expect(run.status).toEqual({ code: SpanStatusCode.ERROR, message: 'exception' })
      expect(run.attributes).toMatchObject({
        'error.type': 'exception',
        'isocode.run.outcome': 'exception',
        'isocode.run.tool_calls': 1,
      })
      const failed = oneSpan(spans, 'isocode.tool fail')
      expect(failed.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TOOL_FAILED' })
      expect(failed.attributes).toMatchObject({ 'error.type': 'TOOL_FAILED', 'isocode.tool.outcome': 'error' })
      expect(spans.flatMap(carried).filter((value) => value.includes('SECRET'))).toEqual([])
    })
  })
}
