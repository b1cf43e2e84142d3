import { Transform } from 'node:stream'
import type { ProgressToken } from '@modelcontextprotocol/sdk/types.js'

/** Whether `value` is a progress token MCP allows: a string or an integer. */
export function isProgressToken(value: unknown): value is ProgressToken {
  return typeof value === 'string' || Number.isSafeInteger(value)
}

function dropOne(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false
  // oxlint-disable-next-line no-underscore-dangle -- why: MCP names the request's metadata `_meta`
  const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta
  if (typeof meta !== 'object' || meta === null || !('progressToken' in meta) || isProgressToken(meta.progressToken))
    return false
  delete meta.progressToken
  return true
}

/**
 * Remove a progress token of the wrong type from a parsed JSON-RPC message (or batch), so the
 * request runs without progress instead of being refused whole; returns whether one was removed.
 */
export function dropInvalidProgressTokens(message: unknown): boolean {
  if (!Array.isArray(message)) return dropOne(message)
  let dropped = false
  for (const item of message) dropped = dropOne(item) || dropped
  return dropped
}

function sanitizeLine(line: string): string {
  // why: most lines carry no token; only those are parsed twice.
  if (!line.includes('"progressToken"')) return line
  try {
    const message: unknown = JSON.parse(line)
    return dropInvalidProgressTokens(message) ? JSON.stringify(message) : line
  } catch {
    // why: not JSON: the transport reports it as a parse error, as it would have.
    return line
  }
}

/**
 * A newline-delimited stream filter for stdio input applying {@link dropInvalidProgressTokens}
 * to each line; the SDK's transport would otherwise refuse the whole line with `id: null`, and
 * the client would wait for its answer forever.
 */
export function progressTokenFilter(): Transform {
  let pending = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8')
      const end = pending.lastIndexOf('\n')
      if (end === -1) return done()
      const lines = pending.slice(0, end).split('\n')
      pending = pending.slice(end + 1)
      done(null, `${lines.map(sanitizeLine).join('\n')}\n`)
    },
    flush(done) {
      done(null, pending.length > 0 ? sanitizeLine(pending) : undefined)
    },
  })
}
