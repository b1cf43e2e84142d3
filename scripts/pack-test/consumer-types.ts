// Type-checked by `pnpm test:pack` in a fresh npm project against the shipped .d.ts only: every
// public entry point resolves without custom conditions, and the types are real (not `any`).
// (`@isocode/code-runtime/conformance` needs the optional peer vitest, which this project lacks.)
import { CliError, workspaceTools } from '@isocode/cli'
import { CodeRuntime, type CodeRunRequest, type CodeRunResult, withUsage } from '@isocode/code-runtime'
import { createAgentScope, SystemPrompt, type PromptAssembly } from '@isocode/harness'
import { IsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { createCodeModeServer, McpClient } from '@isocode/mcp'
import { defineTool, ToolRegistry, type ToolDefinition, type ToolExecutionResult } from '@isocode/registry'
import { presentCallOf } from '@isocode/registry/presentation'
import { TimeoutPolicy } from '@isocode/registry/timeout-policy'
import { jsonSchemaToTs, renderToolsSdk } from '@isocode/sdk-codegen'
import { Context } from 'cordis'

/** A backend of the seam written by a user: the abstract service and its types are usable. */
export class EchoRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    return withUsage({ logs: [request.program] })
  }
}

export async function consumer(): Promise<string> {
  const ctx = new Context()
  await ctx.plugin(SystemPrompt)
  await ctx.plugin(ToolRegistry, { mode: 'both' })
  await ctx.plugin(IsolateRuntime, { poolSize: 1, cpuMs: 1_000 })
  const sum = defineTool({
    name: 'sum',
    parameters: { a: { type: 'number', required: true }, b: { type: 'number', required: true } },
    outputSchema: { sum: { type: 'number', required: true } },
    async execute({ a, b }) {
      return { sum: a + b }
    },
  })
  const typed: ToolDefinition<{ a: number; b: number }> = sum
  ctx.tools.register(typed)
  defineTool({
    name: 'bad',
    parameters: {},
    outputSchema: { sum: { type: 'number', required: true } },
    // @ts-expect-error -- the outputSchema says `sum` is a number
    async execute() {
      return { sum: 'one' }
    },
  })
  // @ts-expect-error -- ctx.tools is the typed registry service, not `any`
  ctx.tools.notAMethod()
  const assembly: PromptAssembly = await ctx.systemPrompt.assemble()
  const result: ToolExecutionResult = await ctx.tools.execute({
    callId: 'c1',
    name: 'run_code',
    arguments: { code: 'return 1', description: 'one' },
  })
  const scope = createAgentScope(ctx)
  scope.dispose()
  const text: string =
    renderToolsSdk([{ name: 'sum', parameters: typed.parameters }]) + jsonSchemaToTs({ type: 'string' })
  return [
    assembly.system,
    result.isError,
    text,
    new CliError('usage', 'USAGE').code,
    typeof workspaceTools,
    typeof McpClient,
    typeof createCodeModeServer,
    typeof TimeoutPolicy,
    typeof presentCallOf,
    typeof SupervisedIsolateRuntime,
  ].join('\n')
}
