import { startCodeModeHttpServer } from '@isocode/mcp'
import { isLoopbackHost, normalizeOrigin } from '@isocode/mcp/internal'
import type { HttpServeOptions, Isolation, ProgramOptions, ToolSourceOptions } from './args.ts'
import { bootApp } from './app.ts'
import { sameToolsFlags } from './pause.ts'
import { DEFAULT_APPROVAL_WAIT_S, serveApprovals } from './serve-approvals.ts'
import { CliError } from './errors.ts'
import { counted } from './counted.ts'
import type { Io } from './io.ts'
import { nextStopRequest } from './stop-request.ts'

/** Options of {@link serveHttp}: the tools, the mode and the HTTP server's settings. */
export type ServeHttpOptions = ToolSourceOptions &
  ProgramOptions & {
    mode: 'code' | 'both'
    isolation: Isolation
    http: HttpServeOptions
    approvalWaitS?: number | undefined
  }

// why: time for a program that is still running at shutdown to reach its own wall budget.
const GRACE_MARGIN_MS = 1_000

/** The loud warning for a non-loopback bind without a token, or undefined when none is due. */
export function exposureWarning(host: string, hasToken: boolean): string | undefined {
  if (hasToken || isLoopbackHost(host)) return undefined
  return `isocode serve: WARNING: listening on ${host} with no token: anyone who can reach this address can run programs against your tools. Set --token-env NAME (and the token in NAME).`
}

function readToken(name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  const token = process.env[name]
  if (token === undefined || token.trim() === '')
    throw new CliError(
      `--token-env ${name}: the environment variable ${name} is not set or empty; export the token in it first`,
      'USAGE',
    )
  return token.trim()
}

/** The --allow-origin values in the form browsers send, or a USAGE error naming the one that is not an origin. */
function allowedOrigins(values: readonly string[]): string[] {
  return values.map((value) => {
    const origin = normalizeOrigin(value)
    if (origin === undefined)
      throw new CliError(
        `--allow-origin takes a web origin, scheme://host[:port] with no path (e.g. https://app.example.com), got "${value}"`,
        'USAGE',
      )
    return origin
  })
}

/** The one line for a listen failure the user fixes with another --http value, or undefined for any other failure. */
function listenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined
  const where = `port ${port} on ${host}`
  if (code === 'EADDRINUSE')
    return `isocode serve: ${where} is in use; pick another with --http HOST:PORT (0 picks a free port)`
  if (code === 'EACCES')
    return `isocode serve: ${where} needs privileges this user lacks; pick another with --http HOST:PORT (ports from 1024 need none)`
  if (code === 'EADDRNOTAVAIL')
    return `isocode serve: ${host} is no address of this machine; pick another with --http HOST:PORT`
  return undefined
}

/**
 * `isocode serve --http`: serve Code Mode over Streamable HTTP until a stop request (a signal, or
 * the launcher or the process that started it gone), then shut down gracefully (running programs
 * get their wall budget) and resolve 0.
 */
export async function serveHttp(io: Io, options: ServeHttpOptions): Promise<number> {
  const { http } = options
  const token = readToken(http.tokenEnv)
  const allowOrigins = allowedOrigins(http.allowOrigins)
  const log = (line: string): void => io.err(`${line}\n`)
  const app = await bootApp({ ...options, poolSize: http.maxRuns, log })
  try {
    const server = await startCodeModeHttpServer(app.root, {
      host: http.host,
      port: http.port,
      stateless: http.stateless,
      limits: { maxRuns: http.maxRuns, maxQueue: http.maxQueue, maxPerSession: http.maxSessionRuns },
      allowHosts: http.allowHosts,
      allowOrigins,
      token,
      maxBodyBytes: http.maxBodyKb * 1024,
      maxSessions: http.maxSessions,
      maxConnections: http.maxConnections,
      sessionIdleMs: http.sessionIdleS * 1000,
      log,
      approvals: serveApprovals(app, {
        waitS: options.approvalWaitS ?? DEFAULT_APPROVAL_WAIT_S,
        flags: sameToolsFlags(options),
      }),
    }).catch((error: unknown) => {
      // why: a taken port is an everyday mistake: one line naming the flag, exit 1, no stack.
      const line = listenFailure(error, http.host, http.port)
      if (line === undefined) throw error
      return line
    })
    if (typeof server === 'string') {
      log(server)
      return 1
    }
    const warning = exposureWarning(http.host, token !== undefined)
    if (warning !== undefined) log(warning)
    const sessions = http.stateless ? 'stateless' : 'stateful sessions'
    const sessionLimits = http.stateless
      ? ''
      : `, ${http.maxSessionRuns} per session, ${http.maxSessions} sessions (idle ones closed after ${http.sessionIdleS} s)`
    log(
      `isocode serve: Code Mode (${options.mode}) over ${counted(app.root.tools.visible().length - 1, 'tool')} at ${server.url} (${sessions}), isolation ${app.isolation}, ${counted(http.maxRuns, 'run')} at once + ${http.maxQueue} queued${sessionLimits}, ${counted(http.maxConnections, 'connection')}`,
    )
    const stop = await nextStopRequest()
    const { running, queued } = server.limiter.load
    log(`isocode serve: ${stop}: stopping; ${counted(running, 'program')} running, ${queued} queued`)
    await server.close(app.budgets.wallMs + GRACE_MARGIN_MS)
    log('isocode serve: stopped')
    return 0
  } finally {
    await app.dispose()
  }
}
