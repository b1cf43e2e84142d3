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
  return hostname === 'localhost' || isIP(hostname) !== 0 || allowHosts.some((allowed) => allowed.toLowerCase() === hostname)
}

/** Why the request's Host or Origin header is refused (DNS rebinding protection), or undefined. */
export function rebindingProblem(req: IncomingMessage, allowHosts: readonly string[]): string | undefined {
  const host = hostnameOf(req.headers.host)
  if (!hostnameAllowed(host, allowHosts)) {
    return `Host "${req.headers.host ?? ''}" is not allowed (DNS rebinding protection); if it is this server's own name, start isocode with --allow-host ${host ?? '<name>'}`
  }
  const origin = req.headers.origin
  if (origin === undefined) return undefined
  let originHost: string | undefined
  try {
    originHost = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '')
  } catch {
    originHost = undefined
  }
  if (!hostnameAllowed(originHost, allowHosts)) return `Origin "${origin}" is not allowed (DNS rebinding protection); allow its host with --allow-host`
  return undefined
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

/** The request body read up to `maxBytes`: its text, or `tooLarge` (the rest is not read). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<{ text: string } | { tooLarge: true }> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) return { tooLarge: true }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) return { tooLarge: true }
    chunks.push(chunk)
  }
  return { text: Buffer.concat(chunks).toString('utf8') }
}
