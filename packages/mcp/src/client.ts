import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { JsonObject, ToolDefinition, ToolExecution, ToolOutput } from '@isocode/registry'
import { type Context, Service } from 'cordis'
import { McpServerConfigSchema } from './config.ts'
import type { McpServerConfig } from './config.ts'
import { toToolOutput } from './content.ts'
import type { McpCallResult } from './content.ts'
import { McpBridgeError } from './errors.ts'
import { toDefinition } from './tools.ts'
import type { McpToolInfo } from './tools.ts'
import { openTransport } from './transport.ts'
import type { OpenedTransport } from './transport.ts'

const DEFAULT_TIMEOUT_MS = 60_000
// why: a server that never answers the handshake (a wrong command that just waits) must not hold
// the host for the full request timeout.
const DEFAULT_START_TIMEOUT_MS = 15_000
// why: a server often sends several list_changed notifications in a burst (one per tool it adds).
const LIST_CHANGED_DEBOUNCE_MS = 50
const CLIENT_INFO = { name: 'isocode', version: '0.1.0' }
/** Characters of the stderr tail a one-line start failure keeps. */
const STDERR_LINE = 300

/**
 * One MCP server as a Cordis plugin: connects (stdio or Streamable HTTP), registers every tool of
 * `tools/list` in `ctx.tools` with its raw JSON Schemas, forwards calls with the execution's
 * signal, re-registers on `notifications/tools/list_changed`, and disposes its tools and the
 * connection with the plugin. A server that fails to start rejects the plugin load with an error
 * naming it; a server that dies later loses its tools and logs why.
 *
 * @example
 * await ctx.plugin(McpClient, { name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] })
 */
export class McpClient {
  static inject = ['tools']
  static Config = McpServerConfigSchema

  private readonly client: Client
  private readonly opened: OpenedTransport
  /** Registered name → the tools/list entry it came from (to spot changes) and its disposer. */
  private readonly registrations = new Map<string, { key: string; dispose: () => unknown }>()
  private refreshing: Promise<void> = Promise.resolve()
  private state: 'connecting' | 'open' | 'closed' | 'disposed' = 'connecting'

  constructor(
    private readonly ctx: Context,
    private readonly config: McpServerConfig,
  ) {
    this.opened = openTransport(config)
    this.client = new Client(CLIENT_INFO, {
      listChanged: {
        tools: { autoRefresh: false, debounceMs: LIST_CHANGED_DEBOUNCE_MS, onChanged: () => this.queueRefresh() },
      },
    })
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onclose property
    this.client.onclose = () => this.onClosed()
  }

  private get timeout(): number {
    return this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  async [Service.init](): Promise<() => Promise<void>> {
    const startTimeout = this.config.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS
    try {
      await this.client.connect(this.opened.transport, { timeout: startTimeout })
      this.state = 'open'
      await this.refresh(startTimeout)
    } catch (error) {
      const cause =
        error instanceof McpError && error.code === ErrorCode.RequestTimeout
          ? `no answer to the MCP handshake within ${startTimeout} ms`
          : error instanceof Error
            ? error.message
            : String(error)
      await this.dispose()
      const message = this.describe(
        `could not be started (${cause})`,
        'check the command or URL, then run it by hand to see its own error',
        true,
      )
      throw new McpBridgeError(message, 'SERVER_START_FAILED', this.config.name)
    }
    return () => this.dispose()
  }

  /**
   * `MCP server "name" (endpoint) <what>; <fix>` plus the server's last stderr lines (on one line
   * when `oneLine`, e.g. for a start failure printed as a single CLI message).
   */
  private describe(what: string, fix: string, oneLine = false): string {
    const tail = this.opened.stderrTail()
    const head = `MCP server "${this.config.name}" (${this.opened.endpoint}) ${what}; ${fix}`
    if (tail === '') return head
    if (!oneLine) return `${head}\nits stderr ended with:\n${tail}`
    const flat = tail.replaceAll(/\s*\n\s*/g, ' | ')
    return `${head}; its stderr ended with: ${flat.length > STDERR_LINE ? `…${flat.slice(-STDERR_LINE)}` : flat}`
  }

  private async listTools(timeout = this.timeout): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = []
    let cursor: string | undefined
    do {
      const page = await this.client.listTools(cursor === undefined ? {} : { cursor }, { timeout })
      tools.push(...(page.tools as McpToolInfo[]))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    return tools
  }

  private queueRefresh(): void {
    // why: refreshes run one after another, so two bursts never interleave their registrations.
    this.refreshing = this.refreshing
      .then(() => this.refresh())
      .catch((error: unknown) => {
        if (this.state === 'open')
          this.ctx
            .logger('mcp')
            .warn('MCP server "%s": re-listing tools after list_changed failed: %s', this.config.name, String(error))
      })
  }

  /**
   * List the server's tools and bring the registrations in line: tools that did not change keep
   * their registration (so calls to them never see a gap), removed or changed ones are disposed,
   * new or changed ones are registered.
   */
  private async refresh(timeout = this.timeout): Promise<void> {
    const tools = await this.listTools(timeout)
    if (this.state !== 'open') return
    const { name, namespace = false, concurrencySafe = false } = this.config
    const wanted = new Map<string, { key: string; definition: ToolDefinition }>()
    for (const tool of tools) {
      const mapped = toDefinition(
        name,
        namespace,
        tool,
        (remote, args, exec) => this.forward(remote, args, exec),
        concurrencySafe,
      )
      if (!mapped.ok) {
        this.ctx.logger('mcp').warn('MCP server "%s": skipped tool "%s": %s', name, mapped.tool, mapped.reason)
        continue
      }
      wanted.set(mapped.definition.name, { key: JSON.stringify(tool), definition: mapped.definition })
    }
    for (const [registered, current] of this.registrations) {
      if (wanted.get(registered)?.key === current.key) wanted.delete(registered)
      else await this.unregister(registered)
    }
    for (const [registered, { key, definition }] of wanted) {
      try {
        this.registrations.set(registered, { key, dispose: this.ctx.tools.register(definition) })
      } catch (error) {
        // why: one clashing name (another server's tool, run_code) must not take the others down.
        this.ctx
          .logger('mcp')
          .warn(
            'MCP server "%s": could not register "%s": %s (namespacing the server avoids name clashes)',
            name,
            registered,
            error instanceof Error ? error.message : String(error),
          )
      }
    }
  }

  /** Dispose the registration of `registered`, or every registration when it is undefined. */
  private async unregister(registered?: string): Promise<void> {
    const names = registered === undefined ? [...this.registrations.keys()] : [registered]
    for (const name of names) {
      const dispose = this.registrations.get(name)?.dispose
      this.registrations.delete(name)
      try {
        await dispose?.()
      } catch {
        // why: the fiber may already be unloading, which disposes the same registrations.
      }
    }
  }

  private async forward(remote: string, args: JsonObject, exec: ToolExecution): Promise<ToolOutput> {
    if (this.state !== 'open') {
      throw new McpBridgeError(
        `MCP server "${this.config.name}" is not connected, so "${remote}" could not run; reload its plugin`,
        'SERVER_CLOSED',
        this.config.name,
      )
    }
    try {
      const options =
        exec.signal === undefined ? { timeout: this.timeout } : { timeout: this.timeout, signal: exec.signal }
      const result = await this.client.callTool({ name: remote, arguments: args }, undefined, options)
      // why: the default result schema is CallToolResultSchema, so the legacy `toolResult` form never arrives.
      return toToolOutput(this.config.name, remote, result as McpCallResult, exec.name)
    } catch (error) {
      throw this.callError(remote, error, exec.signal)
    }
  }

  private callError(remote: string, error: unknown, signal: AbortSignal | undefined): McpBridgeError {
    if (error instanceof McpBridgeError) return error
    const server = this.config.name
    if (signal?.aborted === true)
      return new McpBridgeError(`the call of "${remote}" on MCP server "${server}" was cancelled`, 'ABORTED', server)
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      return new McpBridgeError(
        this.describe(`closed the connection during "${remote}"`, 'its tools were removed; restart the server'),
        'SERVER_CLOSED',
        server,
      )
    }
    const message = error instanceof Error ? error.message : String(error)
    return new McpBridgeError(
      `MCP server "${server}": tools/call "${remote}" failed: ${message}`,
      'CALL_FAILED',
      server,
    )
  }

  private onClosed(): void {
    if (this.state !== 'open') return
    this.state = 'closed'
    // why: the server is gone, so its tools must not stay visible in the SDK or the native list.
    void this.unregister()
    this.ctx
      .logger('mcp')
      .error(this.describe('exited or closed the connection', 'its tools were removed; reload its plugin to reconnect'))
  }

  private async dispose(): Promise<void> {
    if (this.state === 'disposed') return
    this.state = 'disposed'
    await this.unregister()
    try {
      await this.client.close()
    } catch {
      // why: closing an already dead connection has nothing left to clean up.
    }
  }
}
