import type { Context, Fiber } from 'cordis'
import { McpClient } from './client.ts'
import type { McpServerConfig } from './config.ts'

/**
 * Start one {@link McpClient} per config on `ctx`, all at once. Every start settles before a
 * failure is thrown (the first one, whose message names the server, its command and stderr), and
 * each server that did start is pushed on `started`, so the caller owns and disposes it either way.
 */
export async function startMcpClients(
  ctx: Context,
  configs: readonly McpServerConfig[],
  started: Fiber[],
): Promise<void> {
  const outcomes = await Promise.allSettled(configs.map(async (config) => ctx.plugin(McpClient, config)))
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value)
  const failed = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failed !== undefined) throw failed.reason
}
