import type { Readable, Writable } from 'node:stream'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { progressTokenFilter } from './progress-token.ts'

/** Options of {@link connectStdio}. */
export interface StdioOptions {
  /** Where a rejected input line is reported (one line, no stack); stderr in the CLI. */
  log(line: string): void
  stdin?: Readable
  stdout?: Writable
}

/** JSON-RPC 2.0 error codes for input that is not a request. */
export const PARSE_ERROR = -32_700
export const INVALID_REQUEST = -32_600

// why: the SDK's ReadBuffer throws JSON.parse's SyntaxError for a line that is not JSON and a
// ZodError (name 'ZodError') for JSON that is not a JSON-RPC message; both consume the line.
function classify(error: Error): { code: number; message: string } | undefined {
  if (error instanceof SyntaxError)
    return { code: PARSE_ERROR, message: `Parse error: the line is not JSON (${error.message})` }
  if (error.name === 'ZodError')
    return { code: INVALID_REQUEST, message: 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message' }
  return undefined
}

/**
 * Connect `server` to stdio (or the given streams) so that a malformed input line is answered
 * with a JSON-RPC error (`-32700` parse error, `-32600` invalid request, `id: null`) and logged,
 * instead of being dropped without a word; a progress token of the wrong type is dropped from its
 * request, which then runs without progress.
 */
export async function connectStdio(server: Server, options: StdioOptions): Promise<StdioServerTransport> {
  const stdin = options.stdin ?? process.stdin
  // why: a progress token of the wrong type is ignored (the call runs without progress), not refused.
  const filtered = stdin.pipe(progressTokenFilter())
  const forwardError = (error: Error): void => void filtered.destroy(error)
  stdin.on('error', forwardError)
  const transport = new StdioServerTransport(filtered, options.stdout)
  // why: as the SDK's transport does on close: let go of stdin (and pause it when nobody else
  // reads), so a closed server does not keep the process alive.
  // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Transport only offers the onclose property
  transport.onclose = () => {
    stdin.unpipe(filtered)
    stdin.off('error', forwardError)
    if (stdin.listenerCount('data') === 0) stdin.pause()
  }
  // why: set before connect; the SDK's Protocol chains to this handler rather than replacing it.
  // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Transport only offers the onerror property
  transport.onerror = (error: Error) => {
    const answer = classify(error)
    if (answer === undefined) {
      options.log(`isocode serve: stdin: ${error.message}`)
      return
    }
    options.log(`isocode serve: rejected an input line: ${answer.message}`)
    // why: JSON-RPC 2.0 answers an unparseable request with id null; the SDK type leaves id optional.
    const reply = { jsonrpc: '2.0', id: null, error: answer } as unknown as JSONRPCMessage
    transport.send(reply).catch(() => undefined)
  }
  await server.connect(transport)
  return transport
}
