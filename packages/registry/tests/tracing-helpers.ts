// Shared parts of the tracing suites (rules in docs/registry-contract.md): the real
// OpenTelemetry SDK with an in-memory exporter and the AsyncLocalStorage context manager, and a
// scripted backend whose binding calls run under the root context, as a sandbox's do (async
// context does not cross an isolate or a process).
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeRunRequest, CodeRunResult, CodeRunUsage } from '@isocode/code-runtime'
import { ToolRegistry } from '@isocode/registry'
import type { ToolDefinition, ToolExecutionResult } from '@isocode/registry'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { Context } from 'cordis'

/** What a script gives back: the run's result and the usage the backend would have measured. */
export interface Scripted {
  result: Omit<CodeRunResult, 'usage'>
  usage?: Partial<Omit<CodeRunUsage, 'outputBytes'>>
}

/** A program stand-in: gets the run's `tools` and its signal. */
export type Script = (tools: Record<string, CodeBinding>, signal: AbortSignal) => Promise<Scripted>

class ScriptRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  constructor(
    ctx: Context,
    readonly config: { script: Script },
  ) {
    super(ctx)
  }
  run(request: CodeRunRequest): Promise<CodeRunResult> {
    // why: a sandbox serves binding calls from its own host callbacks, never from the caller's
    // async context; running the script under the root context reproduces that loss.
    return context.with(ROOT_CONTEXT, async () => {
      const { result, usage } = await this.config.script(
        request.bindings[0]?.functions ?? {},
        request.signal as AbortSignal,
      )
      return withUsage(result, usage)
    })
  }
}

/** The global provider and context manager of one test file; `uninstall` in afterAll. */
export interface InstalledTracing {
  exporter: InMemorySpanExporter
  uninstall(): Promise<void>
}

/** Register a real SDK provider (in-memory exporter, simple processor) and the ALS context manager. */
export function installTracing(): InstalledTracing {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(provider)
  return {
    exporter,
    uninstall: async () => {
      trace.disable()
      context.disable()
      await provider.shutdown()
    },
  }
}

/** A Code Mode registry on the scripted backend with `tools` registered. */
export async function bootScripted(script: Script, tools: ToolDefinition[], config: { toolCalls?: number } = {}) {
  const root = new Context()
  // why: scripted backends run no program text (`…`); the check before the run is off.
  await root.plugin(ToolRegistry, { mode: 'code', check: false, ...config })
  await root.plugin(ScriptRuntime, { script })
  for (const tool of tools) root.tools.register(tool)
  const run = (callId = 'outer'): Promise<ToolExecutionResult> =>
    root.tools.execute({ callId, name: 'run_code', arguments: { code: '…', description: 'd' } })
  return { root, run }
}

/** Run `fn` under a span named `caller`, as an application's own instrumentation would. */
export function asCaller<T>(fn: () => Promise<T>): Promise<T> {
  return trace.getTracer('app').startActiveSpan('caller', async (span) => {
    try {
      return await fn()
    } finally {
      span.end()
    }
  })
}

/** The finished spans named `name`. */
export const spansNamed = (spans: readonly ReadableSpan[], name: string): ReadableSpan[] =>
  spans.filter((span) => span.name === name)

/** The one finished span named `name`; throws when there is not exactly one. */
export function oneSpan(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spansNamed(spans, name)
  if (found.length !== 1)
    throw new Error(`expected one span named ${name}, got ${found.length}: ${spans.map((s) => s.name).join(', ')}`)
  return found[0] as ReadableSpan
}

/** The span id of `child`'s parent, if it has one. */
export const parentOf = (child: ReadableSpan): string | undefined => child.parentSpanContext?.spanId

/** Every string a span carries: its name, attribute keys and values, status message, event names. */
export function spanStrings(span: ReadableSpan): string[] {
  const out = [span.name, span.status.message ?? '']
  for (const [key, value] of Object.entries(span.attributes)) out.push(key, JSON.stringify(value))
  for (const event of span.events) out.push(event.name, JSON.stringify(event.attributes ?? {}))
  return out
}
