// One environment booted for one path: the same pieces createCodeMode boots (SystemPrompt,
// ToolRegistry, the supervised isolate runtime, an McpClient per server), with the registry in
// `native` mode for direct calling and in `code` mode for Code Mode. A tools/result listener
// records every tool call, so the eval can check that both paths made the same calls.
// why: not createCodeMode itself: the facade keeps the registry to itself, and its tools/result
// event is the one place where the calls a program makes to an MCP server can be seen.
import { SystemPrompt } from '@isocode/harness'
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { startMcpClients } from '@isocode/mcp'
import { RUN_CODE, ToolRegistry } from '@isocode/registry'
import type { JsonObject, ToolDefinition } from '@isocode/registry'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import { fakeTools } from './fake-tools.ts'
import { openAiToolsText, resultText } from './wire.ts'
import { serverConfig } from './workspace.ts'
import type { EnvId, Workspace } from './workspace.ts'

/** How the model uses the tools: one tool call per turn, or one run_code program per turn. */
export type Path = 'direct' | 'code'

/** One tool call as the eval compares them: the tool's name and its arguments. */
export interface ToolCall {
  readonly tool: string
  readonly args: JsonObject
}

/** What the model reads back from one call, and whether the call failed. */
export interface CallOutcome {
  readonly text: string
  readonly isError: boolean
}

/** A booted environment for one path. */
export interface Env {
  readonly id: EnvId
  readonly path: Path
  /** What the model reads on every turn before the conversation: the system prompt and the tool definitions. */
  readonly prompt: string
  /** Execute one call the model sent: a tool call (direct) or a run_code call (code). */
  execute(call: ToolCall): Promise<CallOutcome>
  /** The tool calls made since the last take, in order (run_code itself is not one). */
  takeCalls(): ToolCall[]
  dispose(): Promise<void>
}

/** The system prompt both paths share; each adds what its registry contributes. */
export const SYSTEM_PROMPT =
  'You are an agent working for the user. Use your tools to do what the task asks, then answer with the result only.'

let calls = 0

async function registerAll(root: Context, definitions: readonly ToolDefinition[]): Promise<Fiber> {
  return root.plugin({
    name: 'eval-tools',
    inject: ['tools'],
    apply: (ctx: Context) => void definitions.forEach((definition) => ctx.tools.register(definition)),
  })
}

/** Boot environment `id` for `path` over `workspace` (reset it first). */
export async function bootEnv(id: EnvId, path: Path, workspace: Workspace): Promise<Env> {
  const root = new Context()
  const fibers: Fiber[] = []
  const dispose = async (): Promise<void> => {
    // why: tools and MCP connections first, the runtime last (as the facade's boot does).
    for (const fiber of fibers.splice(0).toReversed()) await fiber.dispose()
  }
  try {
    if (path === 'code') fibers.push(await root.plugin(SupervisedIsolateRuntime, { poolSize: 1 }))
    fibers.push(await root.plugin(SystemPrompt))
    fibers.push(await root.plugin(ToolRegistry, { mode: path === 'code' ? 'code' : 'native' }))
    const server = serverConfig(id, workspace)
    if (server === undefined) fibers.push(await registerAll(root, fakeTools()))
    else await startMcpClients(root, [server], fibers)
    const recorded: ToolCall[] = []
    root.on('tools/result', (exec) => {
      if (exec.name !== RUN_CODE)
        recorded.push({ tool: exec.name, args: structuredClone(exec.arguments) as JsonObject })
    })
    const { system, tools } = await root.systemPrompt.assemble()
    const prompt = [SYSTEM_PROMPT, system, openAiToolsText(tools)].filter((part) => part !== '').join('\n\n')
    return {
      id,
      path,
      prompt,
      async execute({ tool, args }) {
        const result = await root.tools.execute({ callId: `eval-${++calls}`, name: tool, arguments: args })
        return { text: resultText(result.content), isError: result.isError }
      },
      takeCalls: () => recorded.splice(0),
      dispose,
    }
  } catch (error) {
    await dispose()
    throw error
  }
}
