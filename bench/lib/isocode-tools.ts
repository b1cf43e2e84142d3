// Isocode's run_code through the full registry (pipeline + bridge + isolate runtime) with one
// `tools.echo` end tool; shared by the code-mode, peer and breakdown suites so all measure the
// same engine.
import type { CodeRuntime } from '@isocode/code-runtime'
import { type SessionEvent, SessionSink, SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { ToolRegistry } from '@isocode/registry'
import { Context, type Plugin } from 'cordis'
import { RUNTIME_CONFIG } from './runtime-tasks.ts'

/** The same three programs for every engine; `tools.echo({ i })` resolves to the text of `i`. */
export const PEER_PROGRAMS = {
  return1: 'return 1',
  calls10: sequentialEcho(10),
  calls100: sequentialEcho(100),
} as const

/** What each of {@link PEER_PROGRAMS} returns. */
export const PEER_EXPECTED: Record<keyof typeof PEER_PROGRAMS, number> = { return1: 1, calls10: 45, calls100: 4950 }

/** A program making `calls` awaited echo calls in sequence and returning the sum of 0..calls-1. */
export function sequentialEcho(calls: number): string {
  return `let n = 0\nfor (let i = 0; i < ${calls}; i++) n += Number(await tools.echo({ i }))\nreturn n`
}

/** A session sink that keeps events in memory, to price one `tool/code-dispatch` event. */
export class MemorySession extends SessionSink {
  readonly events: SessionEvent[] = []
  append(_scope: unknown, event: SessionEvent): void {
    this.events.push(event)
  }
}

/** One booted registry with `echo` registered, its runtime, and a checked run_code. */
export interface IsocodeTools {
  readonly tools: ToolRegistry
  readonly runtime: CodeRuntime
  /** Run `program` through run_code and throw unless its text is `expected` as JSON. */
  runCode(program: string, expected: unknown): Promise<void>
  dispose(): Promise<void>
}

/**
 * Boot SystemPrompt + ToolRegistry (code mode, plus `registry` config) + a runtime
 * (InProcessIsolateRuntime unless `runtime` is given, with the bench's config plus `config`), without a session.
 */
export async function bootIsocode(
  runtime: Plugin = InProcessIsolateRuntime,
  config: Record<string, unknown> = {},
  registry: Record<string, unknown> = {},
): Promise<IsocodeTools> {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', ...registry })
  const runtimeFiber = await root.plugin(runtime, { ...RUNTIME_CONFIG, ...config })
  const tools = root.get('tools') as ToolRegistry
  const loaded = root.get('codeRuntime') as CodeRuntime
  tools.register({
    name: 'echo',
    description: 'Echo i as text.',
    parameters: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
    execute: async (args) => [{ type: 'text', text: String(args.i) }],
  })
  let call = 0
  return {
    tools,
    runtime: loaded,
    async runCode(program, expected) {
      const result = await tools.execute({
        callId: `bench-${call++}`,
        name: 'run_code',
        arguments: { code: program, description: 'bench' },
      })
      const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
      if (result.isError || text !== JSON.stringify(expected))
        throw new Error(`bench: run_code gave ${JSON.stringify(result)}`)
    },
    dispose: () => runtimeFiber.dispose(),
  }
}
