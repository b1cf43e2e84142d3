// A tracer provider that throws (rule R-94 in docs/registry-contract.md): whichever part of it
// throws, the run goes on with its result unchanged, and the registry logs the failure once.
import type { ToolDefinition } from '@isocode/registry'
import { context, trace } from '@opentelemetry/api'
import type { Span, SpanOptions, Tracer, TracerProvider } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { Message } from 'cordis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bootScripted, type Script } from './tracing-helpers.ts'

beforeAll(() => void context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()))
afterEach(() => trace.disable())

const exporter = new InMemorySpanExporter()
const sdk = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
afterAll(async () => {
  context.disable()
  await sdk.shutdown()
})

const echo: ToolDefinition = {
  name: 'echo',
  concurrencySafe: true,
  parameters: { type: 'object' },
  execute: async (args) => [{ type: 'text', text: `echo ${String(args.n)}` }],
}
const threeCalls: Script = async (t) => {
  const first = await t.echo?.({ n: 1 })
  const rest = await Promise.all([t.echo?.({ n: 2 }), t.echo?.({ n: 3 })])
  return { result: { logs: [String(first)], value: rest.join(',') } }
}

/** A tracer that throws from `startSpan` for the span names `refuse` picks; the real SDK otherwise. */
function refusingProvider(refuse: (name: string) => boolean): TracerProvider {
  return {
    getTracer: (name) => {
      const real = sdk.getTracer(name)
      const tracer: Tracer = {
        startSpan: (spanName: string, options?: SpanOptions, ctx?: Parameters<Tracer['startSpan']>[2]) => {
          if (refuse(spanName)) throw new Error(`startSpan refused ${spanName}`)
          return real.startSpan(spanName, options, ctx)
        },
        startActiveSpan: real.startActiveSpan.bind(real) as Tracer['startActiveSpan'],
      }
      return tracer
    },
  }
}

/** A provider whose spans throw from every method the registry calls after starting them. */
function brokenSpans(): TracerProvider {
  return {
    getTracer: () => ({
      startSpan: (name: string) => {
        const span = sdk.getTracer('broken').startSpan(name)
        const broken = (): never => {
          throw new Error(`span ${name} is broken`)
        }
        return Object.assign(Object.create(span) as Span, {
          setAttributes: broken,
          setAttribute: broken,
          setStatus: broken,
          end: broken,
        })
      },
      startActiveSpan: () => {
        throw new Error('unused')
      },
    }),
  }
}

const cases: Array<[string, () => TracerProvider, string]> = [
  [
    'getTracer throws',
    () => ({
      getTracer: () => {
        throw new Error('no tracer today')
      },
    }),
    'no tracer today',
  ],
  ['startSpan throws for every span', () => refusingProvider(() => true), 'startSpan refused isocode.run'],
  [
    'startSpan throws for tool spans only',
    () => refusingProvider((name) => name.startsWith('isocode.tool ')),
    'startSpan refused isocode.tool echo',
  ],
  ['the spans throw from setAttributes, setStatus and end', brokenSpans, 'span isocode.tool echo is broken'],
]

describe('a tracer provider that throws (R-94)', () => {
  it.each(cases)('%s: every run keeps its result, and the registry warns once', async (_label, provider, reason) => {
    trace.setGlobalTracerProvider(provider())
    const { root, run } = await bootScripted(threeCalls, [echo])
    const warnings: string[] = []
    root.logger.exporter({
      export: (message: Message) => void (message.type === 'warn' && warnings.push(message.args.map(String).join(' '))),
    })
    for (const callId of ['a', 'b', 'c']) {
      const result = await run(callId)
      expect(result).toMatchObject({
        isError: false,
        content: [{ type: 'text', text: 'echo 1\n\nreturn value:\necho 2,echo 3' }],
      })
    }
    expect(warnings.length).toBe(1)
    expect(warnings[0]).toContain(reason)
    expect(warnings[0]).toContain('OpenTelemetry tracer provider threw')
  })

  it('still records the run span when only tool spans fail', async () => {
    exporter.reset()
    trace.setGlobalTracerProvider(refusingProvider((name) => name.startsWith('isocode.tool ')))
    const { run } = await bootScripted(threeCalls, [echo])
    await run()
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['isocode.run'])
  })
})
