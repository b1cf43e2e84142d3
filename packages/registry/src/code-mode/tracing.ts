// OpenTelemetry spans of Code Mode runs (rules in docs/registry-contract.md), through
// `@opentelemetry/api` only: whatever provider the application registered records them, and with
// none registered nothing is started at all.
import { context, ProxyTracerProvider, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api'
import type { CodeRunResult } from '@isocode/code-runtime'
import { describeThrown } from '../pipeline/results.ts'
import type { ToolExecution, ToolExecutionInput, ToolExecutionResult } from '../types.ts'
import { receivedBytes } from './received-bytes.ts'

/** The instrumentation scope the spans are recorded under. */
export const TRACER_NAME = '@isocode/registry'
/** The name of the span of one run_code execution. */
export const RUN_SPAN = 'isocode.run'
/** The name prefix of a sub-call's span: `isocode.tool <name>`. */
export const TOOL_SPAN_PREFIX = 'isocode.tool '

// why: the API's own no-op provider is a module singleton; a fresh proxy hands it out, so a
// registered provider is told apart from none by identity, with no allocation per run.
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate()

function noProvider(): boolean {
  const provider = trace.getTracerProvider()
  return provider instanceof ProxyTracerProvider && provider.getDelegate() === NOOP_PROVIDER
}

// why: R-93 — names, ids, outcomes and sizes only; never an argument, a result or a message text.
function toolAttributes(name: string, callId: string): Attributes {
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'gen_ai.tool.call.id': callId,
    'gen_ai.tool.type': 'function',
  }
}

/** The spans of one run: the run span and the context its sub-calls are dispatched under. */
export class RunSpan {
  /** The caller's context with the run span active: the parent of every tool span. */
  private readonly active: Context

  constructor(
    private readonly tracer: Tracer,
    private readonly span: Span,
    caller: Context,
    private readonly failed: (error: unknown) => void,
  ) {
    this.active = trace.setSpan(caller, span)
  }

  /**
   * Run one sub-call's pipeline execution under its `isocode.tool <name>` span, which is made the
   * active span so the tool's own spans nest under it; `typed` says what the program
   * receives, for the byte count.
   */
  execute(
    input: ToolExecutionInput,
    typed: boolean,
    execute: (input: ToolExecutionInput) => Promise<ToolExecutionResult>,
    replayed = false,
  ): Promise<ToolExecutionResult> {
    let span: Span
    try {
      const attributes = toolAttributes(input.name, input.callId)
      // why: R-116 — a recorded call run again on a resume says so.
      if (replayed) attributes['isocode.tool.replayed'] = true
      span = this.tracer.startSpan(TOOL_SPAN_PREFIX + input.name, { kind: SpanKind.INTERNAL, attributes }, this.active)
    } catch (error) {
      // why: R-94 — a throwing provider costs the call its span, never the call.
      this.failed(error)
      return execute(input)
    }
    // why: async context does not cross the isolate (or the supervised runtime's process), so the
    // parent is set explicitly here instead of inherited from whatever the runtime's host side ran in.
    return context.with(trace.setSpan(this.active, span), execute, undefined, input).then(
      (result) => (this.endTool(span, input.name, typed, result), result),
      (error: unknown) => {
        this.settle(span, 'exception', { 'isocode.tool.outcome': 'error' })
        throw error
      },
    )
  }

  /**
   * End the run span with the run's outcome (`kind`, undefined when it succeeded), its usage and
   * `toolCalls`, the sub-calls dispatched (default: the runtime's binding calls).
   */
  end(result: CodeRunResult | undefined, kind: string | undefined, toolCalls?: number, replayedCalls?: number): void {
    // why: a backend written against an older seam may omit usage; the span then carries none.
    const usage = (result as Partial<CodeRunResult> | undefined)?.usage
    const attributes: Attributes = { 'isocode.run.outcome': result === undefined ? 'exception' : (kind ?? 'ok') }
    if (usage !== undefined) {
      attributes['isocode.run.cpu_ms'] = usage.cpuMs
      attributes['isocode.run.wall_ms'] = usage.wallMs
      attributes['isocode.run.tool_calls'] = toolCalls ?? usage.bindingCalls
      attributes['isocode.run.output_bytes'] = usage.outputBytes
    }
    // why: R-116 — of a resumed durable run's tool_calls (the logical run), those served from the log or run again.
    if (replayedCalls !== undefined) attributes['isocode.run.replayed_calls'] = replayedCalls
    this.settle(this.span, result === undefined ? 'exception' : kind, attributes)
  }

  private endTool(span: Span, name: string, typed: boolean, result: ToolExecutionResult): void {
    // why: R-92 — the bytes the program receives: the value's JSON, or the text the call rejects with.
    const bytes = receivedBytes(name, typed, result)
    const errorType = result.isError ? (result.error?.code ?? '_OTHER') : undefined
    this.settle(span, errorType, {
      'isocode.tool.outcome': result.isError ? 'error' : 'ok',
      'isocode.tool.bytes': bytes,
    })
  }

  private settle(span: Span, errorType: string | undefined, attributes: Attributes): void {
    try {
      span.setAttributes(attributes)
      if (errorType !== undefined) {
        span.setAttribute('error.type', errorType)
        span.setStatus({ code: SpanStatusCode.ERROR, message: errorType })
      }
      span.end()
    } catch (error) {
      this.failed(error)
    }
  }
}

/**
 * The tracing of one registry's run_code: starts each run's span under the caller's active
 * context, and reports a throwing tracer provider once.
 */
export class CodeModeTracing {
  private reported = false

  constructor(private readonly warn: (message: string) => void) {}

  /**
   * The run span of `exec`, a child of the context active now, or undefined when no provider is
   * registered, the provider threw, or the span neither records nor carries a trace.
   */
  start(exec: ToolExecution): RunSpan | undefined {
    if (noProvider()) return undefined
    try {
      const caller = context.active()
      const tracer = trace.getTracer(TRACER_NAME)
      const span = tracer.startSpan(
        RUN_SPAN,
        { kind: SpanKind.INTERNAL, attributes: toolAttributes(exec.name, exec.callId) },
        caller,
      )
      // why: a no-op span of an API copy the identity check cannot see: no work per sub-call.
      if (!span.isRecording() && !trace.isSpanContextValid(span.spanContext())) return undefined
      return new RunSpan(tracer, span, caller, this.failed)
    } catch (error) {
      this.failed(error)
      return undefined
    }
  }

  private readonly failed = (error: unknown): void => {
    if (this.reported) return
    this.reported = true
    this.warn(
      `the OpenTelemetry tracer provider threw (${describeThrown(error)}); runs go on, without the spans it failed to record (logged once)`,
    )
  }
}
