import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/** The hostname of a `Host` header (`name:port`, `[v6]:port`), lower-cased, or undefined. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (host === undefined || host === '') return undefined
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(host.trim())
  return match?.[1]?.toLowerCase().replace(/^\[|\]$/g, '')
}

/**
 * Whether a hostname may reach the server. A DNS rebinding attack needs a domain name that the
 * attacker controls, so IP literals and `localhost` are safe; other names must be listed.
 */
export function hostnameAllowed(hostname: string | undefined, allowHosts: readonly string[]): boolean {
  if (hostname === undefined) return false
  return (
    hostname === 'localhost' || isIP(hostname) !== 0 || allowHosts.some((allowed) => allowed.toLowerCase() === hostname)
  )
}

const LOOPBACK_NAMES = new Set(['localhost', '::1'])

/** Whether a hostname is this machine's loopback: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return LOOPBACK_NAMES.has(name) || (isIP(name) === 4 && name.startsWith('127.'))
}

/**
 * An `Origin` value in the form browsers send (`scheme://host[:port]`, lower case, no default
 * port, no path), or undefined when `value` is not an origin.
 */
export function normalizeOrigin(value: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)\/?$/i.exec(value.trim())
  if (match === null) return undefined
  try {
    const url = new URL(value.trim())
    // why: URL serializes only http(s) and a few special schemes; keep others (extensions) as given.
    return url.origin === 'null' ? `${match[1]}://${match[2]}`.toLowerCase() : url.origin
  } catch {
    return undefined
  }
}

/**
 * Whether a request's `Origin` may reach the server: a loopback page (any scheme and port) or one
 * of `allowOrigins` (normalized with {@link normalizeOrigin}). A web page from any other host,
 * IP literal or not, is refused.
 */
export function originAllowed(origin: string, allowOrigins: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin)
  if (normalized === undefined) return false
  if (allowOrigins.some((allowed) => normalizeOrigin(allowed) === normalized)) return true
  const url = new URL(normalized)
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
}

/** Why the request's Host or Origin header is refused (DNS rebinding protection), or undefined. */
export function rebindingProblem(
  req: IncomingMessage,
  allowHosts: readonly string[],
  allowOrigins: readonly string[] = [],
): string | undefined {
  const host = hostnameOf(req.headers.host)
  if (!hostnameAllowed(host, allowHosts)) {
    return `Host "${req.headers.host ?? ''}" is not allowed (DNS rebinding protection); if it is this server's own name, start isocode with --allow-host ${host ?? '<name>'}`
  }
  const origin = req.headers.origin
  if (origin === undefined || originAllowed(origin, allowOrigins)) return undefined
  return `Origin "${origin}" is not allowed: only pages served from this machine (localhost, 127.x.x.x, [::1]) may call isocode (DNS rebinding protection); if this page should, start isocode with --allow-origin ${normalizeOrigin(origin) ?? '<origin>'}`
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

/**
 * Whether the `Authorization` header carries `Bearer <token>`; compared in constant time (over
 * SHA-256 digests, so neither the token's length nor its content leaks through timing).
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(.+)$/i.exec(authorization ?? '')
  const given = digest(match?.[1]?.trim() ?? '')
  // why: always compare, even without a header, so a missing header takes the same time.
  return timingSafeEqual(given, digest(token)) && match !== null
}

/**
 * Why the `Host` header cannot name this request's URL (R-102), or undefined: missing, not
 * `host[:port]`, or an address in a form that is not canonical (`[0:0:0:0:0:0:0:1]`, upper-case
 * names with a port), which the SDK's transport would otherwise refuse with an empty 400.
 */
export function malformedHost(host: string | undefined): string | undefined {
  if (host === undefined || host.trim() === '') return 'the request has no Host header; send Host: <name>[:port]'
  let url: URL
  try {
    url = new URL(`http://${host}`)
  } catch {
    return `Host "${host}" is not <name>[:port] (an IPv6 address goes in brackets, e.g. [::1]:8080)`
  }
  const given = host.replace(/:\d+$/, '')
  // why: the same test the SDK's Node adapter applies before it answers an empty 400.
  if (url.hostname.length === host.length || url.hostname === given) return undefined
  const port = /:(\d+)$/.exec(host)?.[1]
  return `Host "${host}" is not in canonical form; send Host: ${url.hostname}${port === undefined ? '' : `:${port}`}`
}
