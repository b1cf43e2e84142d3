// The private Cordis app behind createCodeMode: the same pieces the CLI boots (SystemPrompt,
// ToolRegistry in code mode, the isolate runtime, McpClient per server), never exposed.
import { SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { mcpServerConfigs } from '@isocode/mcp/spec'
import type { McpServerConfig } from '@isocode/mcp/spec'
import { RegistryError, ToolRegistry } from '@isocode/registry'
import type {
  ProgramLibrary,
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolSchema,
} from '@isocode/registry'
import { openRunStore, RunStoreError } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import type { ResolvedOptions } from './check-options.ts'
import { IsocodeError } from './errors.ts'

/**
 * Open the run store `store` names (rule R-113): a bad URL is INVALID_OPTION, a store that cannot
 * be opened (a server that does not answer, a file that is no database) STARTUP. A RunStore
 * object is used as given and stays the caller's to close.
 */
export async function openStore(store: string | RunStore): Promise<{ store: RunStore; owned: boolean }> {
  if (typeof store !== 'string') return { store, owned: false }
  try {
    return { store: await openRunStore(store), owned: true }
  } catch (error) {
    const bad = error instanceof RunStoreError && (error.code === 'INVALID_URL' || error.code === 'UNKNOWN_SCHEME')
    throw new IsocodeError(`createCodeMode: store: ${message(error)}`, bad ? 'INVALID_OPTION' : 'STARTUP', {
      cause: error,
    })
  }
}

/** A booted app, seen through what the facade needs (no Cordis type leaves this file). */
export interface Booted {
  /** The assembled system text (the tools:sdk section) and wire tools. */
  assemble(): Promise<{ system: string; tools: ToolSchema[] }>
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
  /** Call `listener` after every change of the tools (an MCP server's list_changed). */
  onToolsChange(listener: () => void): void
  /** The registry's saved programs and state. */
  readonly programs: ProgramLibrary
  /** Dispose the tools, MCP connections and the runtime, in that order. */
  dispose(): Promise<void>
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** The McpClient configs of `mcp`: strings parsed as `--mcp` does, objects as given; namespaced when there are several. */
export function serverConfigs(mcp: ResolvedOptions['mcp']): McpServerConfig[] {
  const several = mcp.length > 1
  const configs = mcp.map((server, i) => {
    // why: as with --mcp, several servers are namespaced unless an object says otherwise.
    if (typeof server !== 'string') return { ...server, namespace: server.namespace ?? several }
    try {
      const [config] = mcpServerConfigs([server], { label: `mcp[${i}]` })
      return { ...(config as McpServerConfig), namespace: several }
    } catch (error) {
      throw new IsocodeError(`createCodeMode: ${message(error)}`, 'INVALID_OPTION')
    }
  })
  const seen = new Set<string>()
  configs.forEach((config, i) => {
    if (seen.has(config.name))
      throw new IsocodeError(
        `createCodeMode: mcp[${i}]: a second MCP server named "${config.name}"; give it another name, e.g. ${renamed(mcp[i], config.name, seen)}`,
        'INVALID_OPTION',
      )
    seen.add(config.name)
  })
  return configs
}

/** `server` written again under a name not in `taken` (`mem-2=node …`, or `{ name: 'mem-2', … }`). */
function renamed(server: string | McpServerConfig | undefined, name: string, taken: ReadonlySet<string>): string {
  let free = `${name}-2`
  for (let n = 3; taken.has(free); n++) free = `${name}-${n}`
  if (typeof server !== 'string') return `{ name: '${free}', … }`
  // why: a value already named (`mem=node …`) keeps its command line, not its old name.
  const trimmed = server.trim()
  const body = trimmed.startsWith(`${name}=`) ? trimmed.slice(name.length + 1) : trimmed
  return `'${free}=${body}'`
}

async function registerTools(root: Context, definitions: readonly ToolDefinition[]): Promise<Fiber> {
  const plugin = {
    name: 'isocode-tools',
    inject: ['tools'],
    apply(ctx: Context) {
      for (const definition of definitions) {
        try {
          ctx.tools.register(definition)
        } catch (error) {
          if (!(error instanceof RegistryError) || error.code !== 'DUPLICATE_TOOL')
            throw new IsocodeError(`tools.${definition.name}: ${message(error)}`, 'INVALID_TOOL')
          // why: MCP servers register first, so a clash names the server that has the tool.
          const server = ctx.tools.get(definition.name)?.group
          throw new IsocodeError(
            `tools.${definition.name}: the MCP server "${server ?? '?'}" has a tool named "${definition.name}" too; rename the tool, or pass the server as { name, command, args, namespace: true } so its tools are "${server ?? 'server'}__<tool>"`,
            'DUPLICATE_TOOL',
          )
        }
      }
    },
  }
  return root.plugin(plugin)
}

/**
 * Boot the runtime, SystemPrompt, ToolRegistry (`code`), the MCP servers and then the tools; on any
 * failure dispose what started (no child process is left) and rethrow as an IsocodeError.
 */
export async function boot(
  options: ResolvedOptions,
  definitions: readonly ToolDefinition[],
  servers: readonly McpServerConfig[],
): Promise<Booted> {
  const root = new Context()
  const fibers: Fiber[] = []
  const dispose = async (): Promise<void> => {
    // why: tools and MCP connections first, the runtime last (it may still be ending a run).
    for (const fiber of fibers.splice(0).toReversed()) await fiber.dispose()
  }
  try {
    const Runtime = options.isolation === 'process' ? SupervisedIsolateRuntime : InProcessIsolateRuntime
    try {
      fibers.push(await root.plugin(Runtime, options.runtime))
    } catch (error) {
      throw new IsocodeError(
        `createCodeMode: the runtime (isolation "${options.isolation}") could not start: ${message(error)}`,
        'STARTUP',
        { cause: error },
      )
    }
    fibers.push(await root.plugin(SystemPrompt))
    fibers.push(
      await root.plugin(ToolRegistry, {
        mode: 'code',
        ...(options.sdkBudgetBytes === undefined ? {} : { sdkBudgetBytes: options.sdkBudgetBytes }),
        ...(options.maxToolCalls === undefined ? {} : { maxToolCalls: options.maxToolCalls }),
        check: options.check,
      }),
    )
    if (servers.length > 0) {
      // why: the MCP SDK loads only when a server is asked for.
      const { startMcpClients } = await import('@isocode/mcp')
      try {
        await startMcpClients(root, servers, fibers)
      } catch (error) {
        throw new IsocodeError(`createCodeMode: mcp: ${message(error)}`, 'STARTUP', { cause: error })
      }
    }
    fibers.push(await registerTools(root, definitions))
    return {
      assemble: () => root.systemPrompt.assemble(),
      execute: (input) => root.tools.execute(input),
      onToolsChange: (listener) => void root.on('tools/change', listener),
      programs: root.tools.programs,
      dispose,
    }
  } catch (error) {
    await dispose()
    throw error
  }
}
