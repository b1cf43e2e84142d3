import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { Context } from 'cordis'
import type { ServeApprovals } from '../approvals.ts'
import { listCodeModeTools, serveCodeMode } from '../server.ts'
import { OfferedNames } from '../offered.ts'
import { dropInvalidProgressTokens } from '../progress-token.ts'
import { readBody, refuseBody } from './body.ts'
import { capConnections, DEFAULT_MAX_CONNECTIONS } from './connection-cap.ts'
import { bearerMatches, malformedHost, normalizeOrigin, rebindingProblem } from './guard.ts'
import { InFlight, requestIds } from './in-flight.ts'
import type { RequestId } from './in-flight.ts'
import { RunLimiter, SERVER_BUSY } from './run-limiter.ts'
import type { RunLimits } from './run-limiter.ts'
import { SessionTable } from './sessions.ts'
import type { SessionState } from './sessions.ts'

/** Options of {@link startCodeModeHttpServer}. */
export interface CodeModeHttpOptions {
  /** Address to bind (e.g. 127.0.0.1, 0.0.0.0, ::1). */
  host: string
  /** Port to bind; 0 picks a free one (see `url`). */
  port: number
  /** No sessions: every POST gets its own server and transport, so any instance can answer it. */
  stateless: boolean
  limits: RunLimits
  /** Host names accepted besides `localhost` and IP literals (DNS rebinding protection). */
  allowHosts?: readonly string[]
  /**
   * Web origins (`https://app.example.com`) whose pages may call the server besides loopback ones
   * (`localhost`, 127.0.0.0/8, [::1]); a request with any other `Origin` gets HTTP 403.
   */
  allowOrigins?: readonly string[]
  /** The bearer token clients must send; none when undefined. */
  token?: string | undefined
  /** Request bodies larger than this get HTTP 413. */
  maxBodyBytes: number
  /**
   * Open sessions at most (default 256). A new session at the cap evicts the least recently used
   * idle one; only when every session is busy does an initialize get HTTP 503.
   */
  maxSessions?: number
  /** A session with no request for this long and no open GET stream is closed (default 5 minutes). */
  sessionIdleMs?: number
  /** Open connections at most (default 512); past it a request gets HTTP 503 and its connection is closed. */
  maxConnections?: number
  /** Where request failures are reported (one line each, never sent to the client). */
  log(line: string): void
  /** Recorded runs: run_code pauses at gated calls, run_resume is offered (R-143 to R-146). */
  approvals?: ServeApprovals | undefined
}

/** A running Streamable HTTP endpoint of Code Mode. */
export interface CodeModeHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  readonly url: string
  readonly limiter: RunLimiter
  /** Open sessions (always 0 when stateless). */
  sessions(): number
  /** POST requests whose response is still open (for logs and tests). */
  answering(): number
  /**
   * Stop accepting, refuse queued runs, give running programs `graceMs` to finish, abort the
   * rest, then close every session and connection.
   */
  close(graceMs: number): Promise<void>
}

/** The MCP endpoint path. */
export const MCP_PATH = '/mcp'

// why: after the last run ends, its result still has to be written to the client's stream.
const FLUSH_MS = 2_000
const DEFAULT_MAX_SESSIONS = 256
// why: only a session nobody is connected to (no open GET stream) expires, and the SDK client
// re-opens a dropped stream within its 30 s maximum backoff, so 5 minutes is well past any live
// client's gap while a client that closed without DELETE holds its place for minutes, not half an hour.
const DEFAULT_SESSION_IDLE_MS = 5 * 60_000
/** JSON-RPC code of an unknown session, as the MCP SDK's own transport answers it. */
const SESSION_NOT_FOUND = -32_001
const INVALID_REQUEST = -32_600
/** JSON-RPC code MCP uses for a cancelled request's answer (only sent inside a batch). */
const REQUEST_CANCELLED = -32_800
// why: R-100 — a refused request's connection is closed, so a client that keeps sending cannot hold it.
const CLOSE = { connection: 'close' }

function reply(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return void res.end()
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}

interface Session extends SessionState {
  server: Server
  transport: StreamableHTTPServerTransport
  /** Its requests waiting for their answer, by id (R-99). */
  inFlight: InFlight
  /** Cancel requests whose client is gone, as a `notifications/cancelled` would. */
  cancel(ids: readonly RequestId[], reason: string): void
}

/** Whether a JSON-RPC message is `notifications/cancelled`, and the id it cancels. */
function cancelledId(message: unknown): RequestId | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } }
  const id = params?.requestId
  return method === 'notifications/cancelled' && (typeof id === 'string' || typeof id === 'number') ? id : undefined
}

/**
 * Serve Code Mode over the MCP SDK's Streamable HTTP transport at `/mcp`: stateful sessions (or
 * stateless requests) that all share `ctx` — one runtime pool, one set of upstream MCP servers —
 * with run caps, Host/Origin checks, an optional bearer token and a body size cap.
 *
 * @example
 * const http = await startCodeModeHttpServer(root, { host: '127.0.0.1', port: 0, stateless: false, limits: { maxRuns: 4, maxQueue: 32 }, maxBodyBytes: 1 << 20, log: console.error })
 */
export async function startCodeModeHttpServer(ctx: Context, options: CodeModeHttpOptions): Promise<CodeModeHttpServer> {
  const allowHosts = options.allowHosts ?? []
  const allowOrigins = options.allowOrigins ?? []
  const badOrigin = allowOrigins.find((origin) => normalizeOrigin(origin) === undefined)
  if (badOrigin !== undefined)
    throw new TypeError(
      `allowOrigins: "${badOrigin}" is not an origin; give scheme://host[:port] with no path, e.g. https://app.example.com`,
    )
  for (const [field, value] of [
    ['maxSessions', options.maxSessions],
    ['sessionIdleMs', options.sessionIdleMs],
    ['maxConnections', options.maxConnections],
    ['limits.maxPerSession', options.limits.maxPerSession],
  ] as const) {
    if (value !== undefined && !(value >= 1))
      throw new TypeError(`${field} must be at least 1, got ${value}; leave it out for the default`)
  }
  const limiter = new RunLimiter(options.limits)
  // why: what tools/list offers is the same for every session, so the prompt and the SDK are
  // assembled once per tool change, not once per session (or per request when stateless).
  const offered = new OfferedNames(ctx, () => listCodeModeTools(ctx, options.approvals !== undefined))
  const sessions = new SessionTable<Session>(
    options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
  )
  const { maxSessions, idleMs } = sessions
  // why: a client that vanishes without DELETE must not hold its session (and listeners) forever.
  const sweeper = setInterval(() => sessions.sweep(), Math.min(idleMs, 30_000))
  sweeper.unref()
  /** POST responses still open (their results not yet written); GET streams never end by themselves. */
  const answering = new Set<ServerResponse>()
  let flushed: (() => void) | undefined
  let closing = false

  const answerStateless = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const server = serveCodeMode(
      ctx,
      {
        limiter,
        approvals: options.approvals,
        // why: R-143 — the answer to an elicitation is a new POST, which a stateless server (one per
        // request) could never route back; such a client gets the paused run at once.
        elicit: false,
      },
      offered,
    )
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    // why: a stateless server lives for one request; the response closing ends it.
    res.on('close', () => void server.close().catch(() => undefined))
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const startSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (!sessions.reserve())
      return reply(
        res,
        503,
        SERVER_BUSY,
        `Service Unavailable: ${maxSessions === 1 ? 'the only session is' : `all ${maxSessions} sessions are`} busy running programs (--max-sessions); retry when one ends`,
      )
    let added = false
    // why: the session's runs keep it busy even after their POST stream closed, so it is not evicted
    // under them; R-98 — and they count against the session's fair share of the run slots.
    const server = serveCodeMode(
      ctx,
      {
        limiter: { run: (signal, task) => sessions.during(session, () => limiter.run(signal, task, session)) },
        approvals: options.approvals,
      },
      offered,
    )
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session.id = id
        added = true
        sessions.settle(session)
      },
      onsessionclosed: (id) => sessions.remove(id),
    })
    const session: Session = {
      id: '',
      busy: 0,
      streams: 0,
      seen: performance.now(),
      server,
      transport,
      inFlight: new InFlight(),
      cancel: (ids, reason) => {
        for (const requestId of ids)
          deliver?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason } })
      },
      close: () => server.close().catch(() => undefined),
    }
    let deliver: StreamableHTTPServerTransport['onmessage']
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Transport only offers the onclose property
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.remove(transport.sessionId)
    }
    sessions.track(session, res, 'request')
    try {
      await server.connect(transport)
      deliver = transport.onmessage
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Transport only offers the onmessage property
      transport.onmessage = (message, extra) => {
        deliver?.(message, extra)
        const id = cancelledId(message)
        if (id !== undefined) closeCancelled(session, id)
      }
      await transport.handleRequest(req, res, body)
    } finally {
      // why: an initialize the transport refused leaves no session; give its place back and close its server.
      if (!added) {
        sessions.settle()
        await session.close()
      }
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (connections.overCap(req.socket))
      return reply(
        res,
        503,
        SERVER_BUSY,
        `Service Unavailable: isocode has ${maxConnections} connections open, its cap (--max-connections); retry when one closes`,
        CLOSE,
      )
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== MCP_PATH) return reply(res, 404, -32_000, `Not Found: the MCP endpoint is ${MCP_PATH}`, CLOSE)
    const badHost = malformedHost(req.headers.host)
    if (badHost !== undefined) return reply(res, 400, -32_000, `Bad Request: ${badHost}`, CLOSE)
    const rebinding = rebindingProblem(req, allowHosts, allowOrigins)
    if (rebinding !== undefined) return reply(res, 403, -32_000, `Forbidden: ${rebinding}`, CLOSE)
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      return reply(res, 401, -32_000, 'Unauthorized: send the token as "Authorization: Bearer <token>"', {
        'www-authenticate': 'Bearer realm="isocode"',
        ...CLOSE,
      })
    }
    if (closing)
      return reply(res, 503, -32_002, 'Service Unavailable: isocode is shutting down', { connection: 'close' })
    let body: unknown
    if (req.method === 'POST') {
      answering.add(res)
      res.on('close', () => {
        answering.delete(res)
        if (answering.size === 0) flushed?.()
      })
      const read = await readBody(req, options.maxBodyBytes)
      if ('tooLarge' in read)
        return refuseBody(
          req,
          res,
          `Payload Too Large: request bodies are capped at ${options.maxBodyBytes} bytes (--max-body-kb)`,
        )
      try {
        body = JSON.parse(read.text)
        // why: a progress token of the wrong type is ignored (the call runs without progress), not refused.
        dropInvalidProgressTokens(body)
      } catch {
        return reply(res, 400, -32_700, 'Parse error: the request body is not JSON')
      }
      // why: JSON-RPC 2.0 — an empty batch is an invalid request, answered, not accepted with 202.
      if (Array.isArray(body) && body.length === 0)
        return reply(res, 400, INVALID_REQUEST, 'Invalid Request: the batch is empty; send at least one message')
    }
    if (options.stateless) {
      if (req.method !== 'POST')
        return reply(res, 405, -32_000, 'Method Not Allowed: this stateless server takes POST only', { allow: 'POST' })
      return answerStateless(req, res, body)
    }
    const id = req.headers['mcp-session-id']
    if (typeof id === 'string') {
      const session = sessions.get(id)
      if (session === undefined) {
        // why: the MCP Streamable HTTP spec: 404 for an ended session, and the client starts a new one.
        const ended = `it was closed, had no request for ${idleMs / 1000} s with no open stream, or was evicted to make room at the ${maxSessions}-session cap`
        return reply(
          res,
          404,
          SESSION_NOT_FOUND,
          `Session not found: session ${id} has expired or never existed (${ended}); initialize again: POST an initialize request without the Mcp-Session-Id header`,
          CLOSE,
        )
      }
      const ids = req.method === 'POST' ? requestIds(body) : []
      const taken = session.inFlight.conflict(ids)
      if (taken !== undefined)
        return reply(
          res,
          400,
          INVALID_REQUEST,
          `Invalid Request: request id ${JSON.stringify(taken)} is already in flight in this session; give each request in flight its own id`,
        )
      sessions.track(session, res, req.method === 'GET' ? 'stream' : 'request')
      // why: R-99 — a POST the client dropped leaves nobody to answer: its runs are aborted and leave the queue.
      session.inFlight.carry(res, ids, (dropped) => session.cancel(dropped, 'the client closed the connection'))
      return session.transport.handleRequest(req, res, body)
    }
    if (req.method === 'POST' && isInitializeRequest(body)) return startSession(req, res, body)
    return reply(res, 400, -32_000, 'Bad Request: no Mcp-Session-Id header; start a session with an initialize request')
  }

  /** R-99 — a cancelled request's stream is closed, since the SDK sends it no answer. */
  const closeCancelled = (session: Session, id: RequestId): void => {
    const carrier = session.inFlight.carrier(id)
    if (carrier === undefined) return
    if (carrier.requests === 1) return void session.transport.closeSSEStream(id)
    // why: in a batch the stream must stay for the other answers; an error answer lets it complete.
    session.transport
      .send({ jsonrpc: '2.0', id, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } })
      .catch(() => undefined)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // why: the client gets a generic error; the details (never a stack) go to the log.
      options.log(
        `isocode serve: ${req.method ?? '?'} ${req.url ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      reply(res, 500, -32_603, 'Internal error')
    })
  })
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
  const connections = capConnections(http, maxConnections)
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => {
      http.off('error', reject)
      resolve()
    })
  }).catch((error: unknown) => {
    offered.dispose()
    throw error
  })
  const address = http.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address

  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    limiter,
    sessions: () => sessions.size,
    answering: () => answering.size,
    async close(graceMs) {
      if (closing) return
      closing = true
      clearInterval(sweeper)
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeIdleConnections()
      await limiter.close(graceMs)
      if (answering.size > 0) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          new Promise<void>((resolve) => (flushed = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_MS))),
        ])
        clearTimeout(timer)
      }
      for (const session of sessions.drain()) await session.close()
      offered.dispose()
      http.closeAllConnections()
      await stopped
    },
  }
}
