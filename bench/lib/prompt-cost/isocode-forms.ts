// Isocode's three forms, from the real registry: the full and the compact tools:sdk section with
// run_code (what `ctx.systemPrompt.assemble()` hands an agent loop), and `isocode serve`'s
// tools/list (createCodeModeServer: run_code with the section in its description).
import { SystemPrompt } from '@isocode/harness'
import { createCodeModeServer } from '@isocode/mcp'
import { toDefinition } from '@isocode/mcp/internal'
import { ToolRegistry } from '@isocode/registry'
import type { JsonObject, ToolDefinition } from '@isocode/registry'
import { WorkerRuntime } from '@isocode/worker-runtime'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import type { PromptForm, Renderer } from './form.ts'
import type { FixtureTool, ToolSet } from './sets.ts'
import { mcpToolsListText, openAiToolsText } from './wire.ts'

const notCalled = (): never => {
  throw new Error('bench: prompt-cost tools are never called')
}

/** `set` as registry definitions: bridged like McpClient does for a server's set, plain otherwise. */
function definitions(set: ToolSet): ToolDefinition[] {
  return set.tools.map((tool: FixtureTool) => {
    const info = {
      name: tool.name,
      description: tool.description,
      inputSchema: tool.parameters,
      outputSchema: tool.outputSchema,
    }
    if (set.group !== undefined) {
      const mapped = toDefinition(set.group, false, info, notCalled)
      if (!mapped.ok) throw new Error(`bench: ${set.label}: ${mapped.tool} was skipped: ${mapped.reason}`)
      return mapped.definition
    }
    const definition: ToolDefinition = {
      name: tool.name,
      parameters: tool.parameters as JsonObject,
      execute: notCalled,
    }
    if (tool.description !== undefined) definition.description = tool.description
    if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema as JsonObject
    return definition
  })
}

/** Boot SystemPrompt + ToolRegistry in code mode with `set` registered, run `use`, dispose. */
async function withRegistry<T>(
  set: ToolSet,
  sdkBytes: number | undefined,
  use: (root: Context) => Promise<T>,
): Promise<T> {
  const root = new Context()
  const fibers: Fiber[] = [
    await root.plugin(SystemPrompt),
    await root.plugin(ToolRegistry, { mode: 'code', ...(sdkBytes === undefined ? {} : { sdkBytes }) }),
  ]
  try {
    // why: Code Mode needs a TypeScript runtime loaded to offer run_code; no program runs here,
    // so the runtime that starts nothing until a run (one worker per run) is enough.
    fibers.push(await root.plugin(WorkerRuntime))
    for (const definition of definitions(set)) root.tools.register(definition)
    return await use(root)
  } finally {
    for (const fiber of fibers.toReversed()) await fiber.dispose()
  }
}

/** The assembled system text (the tools:sdk section) followed by the tools as OpenAI functions. */
function assembled(sdkBytes: number): Renderer {
  return {
    render: (set) =>
      withRegistry(set, sdkBytes, async (root) => {
        const { system, tools } = await root.systemPrompt.assemble()
        return `${system}\n\n${openAiToolsText(tools)}`
      }),
  }
}

/** Isocode's forms: full, compact, and `isocode serve`. */
export const isocodeForms: readonly PromptForm[] = [
  {
    id: 'isocode_full',
    label: 'Isocode full',
    what: 'the tools:sdk section with every declaration (no byte budget) + run_code as an OpenAI function',
    load: () => Promise.resolve(assembled(Number.MAX_SAFE_INTEGER)),
  },
  {
    id: 'isocode_compact',
    label: 'Isocode compact',
    what: 'the compact tools:sdk section (byte budget 0: rules, groups, $search/$describe) + run_code as an OpenAI function',
    load: () => Promise.resolve(assembled(0)),
  },
  {
    id: 'isocode_serve',
    label: 'Isocode `serve`',
    what: "`isocode serve`'s MCP tools/list (createCodeModeServer, default 16 KB budget: full while it fits, else compact)",
    load: () =>
      Promise.resolve({
        render: (set) => withRegistry(set, undefined, (root) => mcpToolsListText(createCodeModeServer(root))),
      }),
  },
]
