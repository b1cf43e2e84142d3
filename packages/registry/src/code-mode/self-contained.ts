/**
 * run_code's description for a client that has no system prompt to read the SDK from (an MCP client,
 * a framework tool): the transport's own description pointing below, then the tools:sdk text.
 */
export function selfContainedRunCodeDescription(description: string, sdk: string): string {
  if (sdk === '') return description
  return `${description.replace(/described in the system prompt/g, 'described below')}\n\nThe SDK:\n\n${sdk}`
}
