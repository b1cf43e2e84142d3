import type { Context } from 'cordis'
import { errorResult, registryFailure } from '../pipeline/results.ts'
import type { ToolRegistry } from '../service.ts'
import type { ScopeKey, ToolDefinition, ToolExecution, ToolExecutionResult } from '../types.ts'

/** The part of `ctx.tools` the policy reads: resolution as the calling agent sees it. */
export interface ToolLookup {
  get(name: string, scope?: ScopeKey): ToolDefinition | undefined
}

/** Plugin name of the timeout policy. */
export const name = 'timeout-policy'

/** The policy resolves definitions through `ctx.tools`, so it loads (and reloads) with the registry. */
export const inject = ['tools']

const EXPIRED = Symbol('expired')

function budgetOf(tools: ToolLookup, exec: ToolExecution): number | undefined {
  const budget = tools.get(exec.name, exec.agent)?.timeoutMs
  return typeof budget === 'number' && budget > 0 && Number.isFinite(budget) ? budget : undefined
}

function timedOut(exec: ToolExecution, budget: number): ToolExecutionResult {
  return errorResult(exec.callId, registryFailure('TIMEOUT', `tool "${exec.name}" timed out after ${budget} ms`))
}

/**
 * The tools/execute wrapper: for a definition with `timeoutMs`, hand the body a signal that
 * combines the caller's signal with a per-call deadline, and turn expiry into an isError result
 * with code TIMEOUT. Restores the caller's signal (or its absence) and clears the timer after.
 */
export function createTimeoutWrapper(
  tools: ToolLookup,
): (exec: ToolExecution, next: () => Promise<ToolExecutionResult>) => Promise<ToolExecutionResult> {
  return async function timeoutPolicy(
    exec: ToolExecution,
    next: () => Promise<ToolExecutionResult>,
  ): Promise<ToolExecutionResult> {
    const budget = budgetOf(tools, exec)
    if (budget === undefined) return next()
    const caller = exec.signal
    const deadline = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<typeof EXPIRED>((resolve) => {
      timer = setTimeout(() => {
        deadline.abort(new DOMException(`tool "${exec.name}" timed out after ${budget} ms`, 'TimeoutError'))
        resolve(EXPIRED)
      }, budget)
    })
    exec.signal = caller === undefined ? deadline.signal : AbortSignal.any([caller, deadline.signal])
    try {
      const running = Promise.resolve(next())
      // why: when the deadline wins, a late rejection of the abandoned body must not go unhandled.
      running.catch(() => undefined)
      const winner = await Promise.race([running, expired])
      return winner === EXPIRED ? timedOut(exec, budget) : winner
    } finally {
      clearTimeout(timer)
      exec.signal = caller
    }
  }
}

/** Install the timeout policy: a `tools/execute` wrapper enforcing each definition's `timeoutMs`. */
export function apply(ctx: Context): void {
  // why: read once: every `ctx.tools` read builds an Error inside Cordis (microseconds per call),
  // and this plugin injects `tools`, so it is restarted with a fresh proxy if the registry reloads.
  const registry: ToolRegistry = ctx.tools
  ctx.on('tools/execute', createTimeoutWrapper({ get: (tool, scope) => registry.get(tool, scope) }))
}

/** The timeout policy as a Cordis plugin object: `ctx.plugin(TimeoutPolicy)`. */
export const TimeoutPolicy = { name, inject, apply }
