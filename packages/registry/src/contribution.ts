import type { CodeRuntime } from '@isocode/code-runtime'
import type { ScopeKey } from '@isocode/harness'
import type { Context } from 'cordis'
import { requireTypeScriptRuntime } from './code-mode/runtime-check.ts'
import { renderSdkSection, SDK_SECTION, SDK_SECTION_ORDER } from './code-mode/sdk-section.ts'
import type { ToolPresentationMode } from './config.ts'
import { RUN_CODE } from './store/reserved.ts'
import type { ToolDefinition, ToolSchema } from './types.ts'

/** What the prompt contribution reads from the registry. */
export interface ContributionSource {
  /** Visible end tools of `scope` (shadowing and restrictions applied; never run_code). */
  endTools(scope: ScopeKey | undefined): ToolDefinition[]
  /** Fresh wire schemas of `endTools(scope)`. */
  endSchemas(scope: ScopeKey | undefined): ToolSchema[]
  /** The pre-restriction end-capability universe of `scope`. */
  knownNames(scope: ScopeKey | undefined): string[]
  /** The mounted code runtime, if any. */
  runtime(): CodeRuntime | undefined
  /** The `state` and `programs` declarations for a run over `tools` ('' without a store, R-124). */
  programsSdk(tools: readonly ToolDefinition[]): string
  /** The reserved transport's wire schema (non-native modes only). */
  transportSchema(): ToolSchema
}

/**
 * Register the registry's prompt contribution for `mode` on `sub` (a child fiber that exists while
 * ctx.systemPrompt does): native definitions, and in code/both the protected run_code transport
 * plus the protected tools:sdk section.
 */
export function contribute(
  sub: Context,
  source: ContributionSource,
  mode: ToolPresentationMode,
  sdkBytes: number,
): void {
  if (mode !== 'code') {
    sub.systemPrompt.tools((scope) => source.endSchemas(scope), { knownNames: (scope) => source.knownNames(scope) })
  }
  if (mode === 'native') return
  // why: protected, so restrictions and assembly listeners cannot remove half of the transport.
  sub.systemPrompt.tools(
    () => {
      requireTypeScriptRuntime(source, mode)
      return [source.transportSchema()]
    },
    { protected: true },
  )
  sub.systemPrompt.section(SDK_SECTION, {
    order: SDK_SECTION_ORDER,
    protected: true,
    render: (scope) => {
      requireTypeScriptRuntime(source, mode)
      const tools = source.endTools(scope).filter((def) => def.name !== RUN_CODE)
      // why: R-124 — each saved program adds its declaration only, in either section form.
      return renderSdkSection(tools, sdkBytes) + source.programsSdk(tools)
    },
  })
}
