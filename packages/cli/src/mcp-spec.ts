// why: the `spec` subpath loads no MCP SDK, so a CLI start without --mcp stays fast.
import { McpBridgeError, mcpServerConfigs, splitCommandLine as split } from '@isocode/mcp/spec'
import type { McpServerConfig } from '@isocode/mcp/spec'
import { CliError } from './errors.ts'

// why: the parsing lives in @isocode/mcp (createCodeMode takes the same specs); the CLI reports
// its failures as USAGE errors.
function usage<T>(parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof McpBridgeError) throw new CliError(error.message, 'USAGE')
    throw error
  }
}

/** Split a command line into words: whitespace separates, '…' and "…" group, \ escapes. */
export function splitCommandLine(line: string): string[] {
  return usage(() => split(line))
}

/**
 * Turn the `--mcp` values into McpClient configs (see `mcpServerConfigs` of @isocode/mcp);
 * `startTimeoutMs` bounds each handshake and the servers named in `concurrent` get
 * `concurrencySafe` (an unknown name is a USAGE error).
 */
export function mcpConfigs(
  values: readonly string[],
  startTimeoutMs?: number,
  concurrent: readonly string[] = [],
): McpServerConfig[] {
  const configs = usage(() => mcpServerConfigs(values, startTimeoutMs === undefined ? {} : { startTimeoutMs }))
  const names = configs.map((config) => config.name)
  for (const name of concurrent) {
    if (!names.includes(name))
      throw new CliError(
        `--concurrent "${name}": no --mcp server has that name; the servers are ${names.map((n) => `"${n}"`).join(', ')} (name one with --mcp "name=<command>")`,
        'USAGE',
      )
  }
  return configs.map((config) => (concurrent.includes(config.name) ? { ...config, concurrencySafe: true } : config))
}
