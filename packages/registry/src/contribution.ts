import type { CodeRuntime } from '@isocode/code-runtime'
import type { ScopeKey } from '@isocode/harness'
import type { Context } from 'cordis'
import { renderSdkSection, SDK_SECTION, SDK_SECTION_ORDER } from './code-mode/sdk-section.ts'
import type { ToolPresentationMode } from './config.ts'
import { RegistryError } from './errors.ts'
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
  /** The reserved transport's wire schema (non-native modes only). */
  transportSchema(): ToolSchema
}

/** Throw the actionable assembly error of a non-native mode without a TypeScript runtime. */
export function requireTypeScriptRuntime(source: Pick<ContributionSource, 'runtime'>, mode: ToolPresentationMode): CodeRuntime {
  const runtime = source.runtime()
  if (runtime === undefined) {
    throw new RegistryError(
      `tools: mode "${mode}" needs a loaded ctx.codeRuntime (e.g. plugin @isocode/isolate-runtime) before the prompt can be assembled; load one or configure tools.mode: "native"`,
      'CODE_MODE_UNAVAILABLE',
    )
  }
  if (runtime.language !== 'typescript') {
    throw new RegistryError(
      `tools: mode "${mode}" needs ctx.codeRuntime.language "typescript", but the loaded runtime runs "${String(runtime.language)}"; load a TypeScript runtime or configure tools.mode: "native"`,
      'CODE_MODE_UNAVAILABLE',
    )
  }
  return runtime
}

/**
 * Register the registry's prompt contribution for `mode` on `sub` (a child fiber that exists while
 * ctx.systemPrompt does): native definitions, and in code/both the protected run_code transport
 * plus the protected tools:sdk section.
 */
export function contribute(sub: Context, source: ContributionSource, mode: ToolPresentationMode): void {
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
      return renderSdkSection(source.endTools(scope).filter((def) => def.name !== RUN_CODE))
    },
  })
}
