import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServerConfig } from './config.ts'

/** Bytes of a stdio server's stderr kept for error messages. */
const STDERR_TAIL = 2_000

/** A client transport plus what the server printed to stderr lately (stdio only). */
export interface OpenedTransport {
  readonly transport: Transport
  /** A one-line description of the endpoint, for error messages. */
  readonly endpoint: string
  /** The last lines the server wrote to stderr, or '' (trimmed). */
  stderrTail(): string
}

/** Build (not start) the client transport a config describes: stdio child process or Streamable HTTP. */
export function openTransport(config: McpServerConfig): OpenedTransport {
  if (config.url !== undefined) {
    const transport = new StreamableHTTPClientTransport(
      new URL(config.url),
      config.headers === undefined ? {} : { requestInit: { headers: config.headers } },
    )
    return { transport, endpoint: config.url, stderrTail: () => '' }
  }
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    ...(config.env === undefined ? {} : { env: config.env }),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    // why: piped, not inherited, so a chatty server cannot garble the host's own output (the
    // MCP channel of `isocode serve`); the tail explains a failed start or a crash.
    stderr: 'pipe',
  })
  let tail = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL)
  })
  return { transport, endpoint: [config.command, ...(config.args ?? [])].join(' '), stderrTail: () => tail.trim() }
}
