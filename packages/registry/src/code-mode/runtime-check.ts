import type { CodeRuntime } from '@isocode/code-runtime'
import { RegistryError } from '../errors.ts'

/**
 * The mounted runtime if Code Mode can use it; otherwise the actionable CODE_MODE_UNAVAILABLE
 * error that both prompt assembly and run_code report.
 */
export function requireTypeScriptRuntime(source: { runtime(): CodeRuntime | undefined }, mode: string): CodeRuntime {
  const runtime = source.runtime()
  if (runtime === undefined) {
    throw new RegistryError(
      `tools: mode "${mode}" needs a loaded ctx.codeRuntime (e.g. plugin @isocode/isolate-runtime); load one or configure tools.mode: "native"`,
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
