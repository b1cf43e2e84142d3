import { configSchema } from '@isocode/harness'
import type { ConfigIssue } from '@isocode/harness'

/** How the registry presents its tools to the model. */
export type ToolPresentationMode = 'native' | 'code' | 'both'

/** Config of the `tools` plugin. */
export interface ToolRegistryConfig {
  /** native (default): wire function definitions; code: run_code + the tools:sdk section; both. */
  mode?: ToolPresentationMode
}

/** The config after validation: every option resolved. */
export interface ResolvedToolRegistryConfig {
  readonly mode: ToolPresentationMode
}

const MODES: readonly string[] = ['native', 'code', 'both']

/** Standard Schema of the `tools` config; unknown options and modes fail loudly. */
export const ToolRegistryConfigSchema = configSchema<ResolvedToolRegistryConfig>((value) => {
  const issues: ConfigIssue[] = []
  for (const key of Object.keys(value)) {
    if (key !== 'mode') issues.push({ message: `unknown option "${key}" (known: mode)`, path: [key] })
  }
  const mode = value.mode ?? 'native'
  if (typeof mode !== 'string' || !MODES.includes(mode)) {
    issues.push({ message: `mode must be one of "native", "code", "both" (got ${JSON.stringify(mode) ?? String(mode)})`, path: ['mode'] })
  }
  return issues.length > 0 ? issues : Object.freeze({ mode: mode as ToolPresentationMode })
})
