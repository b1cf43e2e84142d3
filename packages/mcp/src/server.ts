import { isPlainObject } from '@isocode/code-runtime'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { CallToolResult, LoggingLevel, Tool } from '@modelcontextprotocol/sdk/types.js'
import { RUN_CODE, RUN_CODE_OUTPUT_SCHEMA, selfContainedRunCodeDescription } from '@isocode/registry'
import type { ToolExecutionResult } from '@isocode/registry'
import type { Context } from 'cordis'
import { decisionsOf, durableOutputSchema, elicitationParams, RUN_RESUME, RUN_RESUME_TOOL } from './approvals.ts'
import type { ApprovalCall, ServeApprovals } from './approvals.ts'
import { CheckedCallToolRequestSchema, invalidParams } from './call-params.ts'
import { DIRECT_APPROVAL_WAIT_MS, directApproval } from './direct-approval.ts'
import type { RunLimiter } from './http/run-limiter.ts'
import { OfferedNames } from './offered.ts'
import { runNotifications } from './run-notifications.ts'

/** Names shown in an unknown-tool error at most. */
const NAMES_SHOWN = 10

/** How long tools/change events are gathered into one notifications/tools/list_changed. */
const LIST_CHANGED_COALESCE_MS = 50

// why: the SDK builds a fresh Ajv per Server otherwise (about 1 ms of CPU each), once per HTTP
// session; they only validate elicitation answers with it, so they share one.
let validator: AjvJsonSchemaValidator | undefined

/** Options of {@link createCodeModeServer}. */
export interface CodeModeServerOptions {
  /**
   * The state scope of run_code calls that name none (`_meta.scope`) outside an HTTP session
   * (rule R-127): `serve` on stdio gives each process one; absent, the `default` scope.
   */
  scope?: string
  /** The server name MCP clients see (default `isocode`). */
  name?: string
  version?: string
  /** Caps run_code calls (shared by every session of an HTTP server); none by default. */
  limiter?: Pick<RunLimiter, 'run'>
  /** Recorded runs: run_code pauses at gated calls and run_resume is offered. */
  approvals?: ServeApprovals | undefined
  /** Whether a client that declared elicitation is asked about pending calls (default true; false when its answer could not come back, as in stateless HTTP). */
  elicit?: boolean
}

/**
 * The MCP tools of `ctx`'s assembled prompt: exactly the wire tools the registry contributes for
 * its mode (run_code, plus the native tools in `both`), with the assembled system text — the
 * tools:sdk section — appended to run_code's description so any MCP client sees the SDK.
 */
export async function listCodeModeTools(ctx: Context, durable = false): Promise<Tool[]> {
  const { system, tools } = await ctx.systemPrompt.assemble()
  const listed = tools.map((tool): Tool => {
    // why: an MCP client has no system prompt to read the SDK from, so it travels with run_code,
    // and the description must point below rather than at a system prompt the client never sees.
    const isRunCode = tool.name === RUN_CODE
    const description = isRunCode ? selfContainedRunCodeDescription(tool.description ?? '', system) : tool.description
    return {
      name: tool.name,
      ...(description === undefined ? {} : { description }),
      inputSchema: tool.parameters as Tool['inputSchema'],
      // why: R-77 — run_code's structuredContent (value, logs, usage, error) is declared, so clients can validate and read it.
      ...(isRunCode ? { outputSchema: runCodeOutputSchema(durable) } : {}),
    }
  })
  // why: R-144 — run_resume is offered only where runs are recorded, beside run_code.
  return durable && listed.some((tool) => tool.name === RUN_CODE) ? [...listed, RUN_RESUME_TOOL] : listed
}

function runCodeOutputSchema(durable: boolean): Tool['outputSchema'] {
  const base = RUN_CODE_OUTPUT_SCHEMA as Tool['outputSchema']
  return durable ? durableOutputSchema(base) : base
}

/**
 * A registry result as an MCP `tools/call` result, its structuredContent kept when it is an object,
 * on failure too (R-79: a failed run_code still carries its run as data).
 */
export function toCallToolResult(
  result: Pick<ToolExecutionResult, 'content' | 'isError' | 'structuredContent'>,
): CallToolResult {
  const out: CallToolResult = { content: result.content as CallToolResult['content'], isError: result.isError }
  const structured = result.structuredContent
  // why: MCP's structuredContent is a JSON object; a tool's scalar or array value stays in the text only.
  if (isPlainObject(structured)) out.structuredContent = structured as CallToolResult['structuredContent']
  return out
}

/**
 * The JSON-RPC invalid-params error for a tools/call of a tool tools/list did not offer: it
 * names the tool, the mode and what is offered, and in code mode how to reach a hidden tool.
 */
function unknownTool(ctx: Context, name: string, offered: ReadonlySet<string>): Error {
  const mode = ctx.tools.mode
  const names = [...offered]
  const list = names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')}, …` : names.join(', ')
  const hidden =
    mode !== 'native' && offered.has(RUN_CODE) && ctx.tools.get(name) !== undefined
      ? `; call it from a program instead: ${RUN_CODE} with {"code": "return await tools.${name}({ … })"}`
      : ''
  return invalidParams(
    `Unknown tool: "${JSON.stringify(name).slice(1, -1)}" is not offered by this server in mode "${mode}" (tools/list offers ${list})${hidden}`,
  )
}

/**
 * Expose a Cordis app's tools (Code Mode's run_code, and the native tools in `both` mode) as an
 * MCP server. Calls go through `ctx.tools.execute` with the request's cancellation signal, and a
 * `tools/change` becomes `notifications/tools/list_changed`. A `run_code` call reports progress to
 * a request with a progress token and console lines once the client set a log level (`logging/setLevel`).
 * Connect a transport to start it.
 *
 * @example
 * const server = createCodeModeServer(root)
 * await server.connect(new StdioServerTransport())
 */
export function createCodeModeServer(ctx: Context, options: CodeModeServerOptions = {}): Server {
  return serveCodeMode(ctx, options, undefined)
}

/**
 * {@link createCodeModeServer} with the offered names `shared` by other servers of the same tools
 * (an HTTP server's sessions), or, without it, its own, dropped when it closes.
 */
export function serveCodeMode(ctx: Context, options: CodeModeServerOptions, shared: OfferedNames | undefined): Server {
  validator ??= new AjvJsonSchemaValidator()
  const server = new Server(
    { name: options.name ?? 'isocode', version: options.version ?? '0.1.0' },
    { capabilities: { tools: { listChanged: true }, logging: {} }, jsonSchemaValidator: validator },
  )
  const { approvals } = options
  // why: R-96 — only what tools/list offers may be called; kept until the tool set changes.
  const offered = shared ?? new OfferedNames(ctx, () => listCodeModeTools(ctx, approvals !== undefined))
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await listCodeModeTools(ctx, approvals !== undefined)
    offered.set(tools)
    return { tools }
  })
  // why: console lines go out only once the client asked for logs; one Server serves one session.
  let logLevel: LoggingLevel | undefined
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    logLevel = request.params.level
    return {}
  })
  let calls = 0
  server.setRequestHandler(CheckedCallToolRequestSchema, async (request, extra) => {
    const { name } = request.params
    // why: R-127 — state belongs to the client's session unless the client names a scope itself.
    // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the MCP protocol's own field name
    const named = (request.params._meta as { scope?: unknown } | undefined)?.scope
    const scope = typeof named === 'string' && named !== '' ? named : (extra.sessionId ?? options.scope)
    const names = await offered.get()
    if (!names.has(name)) throw unknownTool(ctx, name, names)
    const notes = name === RUN_CODE || name === RUN_RESUME ? runNotifications(extra, logLevel) : undefined
    const onRunEvent = notes?.listener
    const { limiter } = options
    // why: — only a client that declared elicitation is asked, where its answer can come back.
    const canAsk = options.elicit !== false && server.getClientCapabilities()?.elicitation !== undefined
    if (approvals !== undefined && (name === RUN_CODE || name === RUN_RESUME)) {
      const call: ApprovalCall = {
        name,
        arguments: request.params.arguments,
        callId: `mcp:${String(extra.requestId)}:${++calls}`,
        onRunEvent,
        scope,
        // why: each execution (the first, each resume) takes a run slot of its own, so a run
        // waiting for the user's answer holds none.
        slot: (task) => (limiter === undefined ? task(extra.signal) : limiter.run(extra.signal, task)),
      }
      // why: R-143 — past the wait the run is parked.
      if (canAsk)
        call.elicit = async (pending) => {
          try {
            const answer = await server.elicitInput(elicitationParams(pending), {
              relatedRequestId: extra.requestId,
              signal: extra.signal,
              timeout: approvals.waitMs,
            })
            return decisionsOf(pending, answer)
          } catch {
            // why: no answer in time, a client that refused the request, or a closed session:
            // nobody decided, so the run stays paused for run_resume.
            return undefined
          }
        }
      const result = await approvals.call(call)
      await notes?.flush()
      return toCallToolResult(result)
    }
    const execute = async (signal: AbortSignal) =>
      ctx.tools.execute({
        // why: request ids repeat across the sessions of an HTTP server, so a counter keeps callIds unique.
        callId: `mcp:${String(extra.requestId)}:${++calls}`,
        name,
        arguments: request.params.arguments,
        signal,
        ...(onRunEvent === undefined ? {} : { onRunEvent }),
        ...(scope === undefined ? {} : { scope }),
        // why: R-152 — a native tool called directly is asked to the user who made the call; run_code's
        // sub-calls are not (a recorded run pauses instead, R-110).
        ...(canAsk && name !== RUN_CODE
          ? { approval: directApproval(server, extra.requestId, approvals?.waitMs ?? DIRECT_APPROVAL_WAIT_MS) }
          : {}),
      })
    const result =
      limiter !== undefined && name === RUN_CODE
        ? await limiter.run(extra.signal, execute)
        : await execute(extra.signal)
    await notes?.flush()
    return toCallToolResult(result)
  })
  let pending: NodeJS.Timeout | undefined
  const stop = ctx.on('tools/change', () => {
    // why: one upstream list_changed re-registers every tool of that server (one tools/change
    // each), so the burst is gathered into a single notification for the client.
    pending ??= setTimeout(() => {
      pending = undefined
      // why: before connect (or after close) there is nobody to notify.
      if (server.transport !== undefined) server.sendToolListChanged().catch(() => undefined)
    }, LIST_CHANGED_COALESCE_MS)
  })
  const previous = server.onclose
  // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onclose property
  server.onclose = () => {
    stop()
    if (shared === undefined) offered.dispose()
    clearTimeout(pending)
    previous?.()
  }
  return server
}
