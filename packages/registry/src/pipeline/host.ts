import type { Context } from 'cordis'
import type { ScopeKey, ToolDefinition, ToolExecutionToken, ToolGuard } from '../types.ts'

/**
 * What the execution pipeline needs from the registry service: resolution as one scope sees it,
 * that scope's guards, and the context waterfalls are dispatched on. The service implements it.
 */
export interface PipelineHost {
  /** The context whose event system dispatches the tools/* waterfalls (the registry's own). */
  readonly ctx: Context
  /** The frozen definition `name` resolves to for `scope` (shadowing and restrictions applied). */
  resolve(name: string, scope: ScopeKey | undefined): ToolDefinition | undefined
  /** Guards that apply to `scope`: global ones plus the scope's own, in registration order. */
  guards(scope: ScopeKey | undefined): readonly ToolGuard[]
}

/** Tokens issued by one registry, so a `parent` can be checked (rule R-28 in docs/registry-contract.md). */
export interface TokenIssuer {
  issue(): ToolExecutionToken
  owns(token: unknown): token is ToolExecutionToken
}
