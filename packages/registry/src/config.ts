import { showValue } from '@isocode/code-runtime'
import { configSchema } from '@isocode/harness'
import type { ConfigIssue } from '@isocode/harness'
import { DEFAULT_SDK_BUDGET_BYTES } from '@isocode/sdk-codegen'

/** How the registry presents its tools to the model. */
export type ToolPresentationMode = 'native' | 'code' | 'both'

/** Config of the `tools` plugin. */
export interface ToolRegistryConfig {
  /** native (default): wire function definitions; code: run_code + the tools:sdk section; both. */
  mode?: ToolPresentationMode
  /**
   * Byte budget of the tools:sdk section (default 16384): a full SDK over it is replaced by the
   * compact section (rules, tool groups, `tools.$search` / `tools.$describe`).
   */
  sdkBudgetBytes?: number
  /** How many calls to concurrencySafe tools a Code Mode program may have running at once (default 4). */
  concurrentCallLimit?: number
  /**
   * How many tool calls one Code Mode run may dispatch (default 1000): the next call is not run
   * and the run ends with the failure kind `tool-call-limit`.
   */
  maxToolCalls?: number
  /**
   * Check each Code Mode program against the full declarations of its tools before it runs
   * (default true): a program with an error the run would hit anyway runs nothing and fails with
   * the kind `check`.
   */
  check?: boolean
}

/** The config after validation: every option resolved. */
export interface ResolvedToolRegistryConfig {
  readonly mode: ToolPresentationMode
  readonly sdkBudgetBytes: number
  readonly concurrentCallLimit: number
  readonly maxToolCalls: number
  readonly check: boolean
}

/** Default of {@link ToolRegistryConfig.concurrentCallLimit}. */
export const DEFAULT_CONCURRENT_CALL_LIMIT = 4

/**
 * Default of {@link ToolRegistryConfig.maxToolCalls}: 30x a busy program's few dozen calls, yet at
 * the 30 s default wall budget a run reaches it only with calls under ~30 ms, so a runaway loop
 * ends long before its session log holds tens of thousands of dispatch events.
 */
export const DEFAULT_MAX_TOOL_CALLS = 1000

const MODES: readonly string[] = ['native', 'code', 'both']
const KNOWN = ['mode', 'sdkBudgetBytes', 'concurrentCallLimit', 'maxToolCalls', 'check']

/** Problem with an `sdkBudgetBytes` value, or undefined when it is a whole number of bytes >= 0. */
export function sdkBudgetProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? undefined
    : `sdkBudgetBytes must be a whole number of bytes >= 0 (got ${showValue(value)}); e.g. 16384`
}

/** Problem with a `concurrentCallLimit` value, or undefined when it is a whole number >= 1. */
export function concurrentCallLimitProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
    ? undefined
    : `concurrentCallLimit must be a whole number >= 1 (got ${showValue(value)}); e.g. 4`
}

/** Problem with a `maxToolCalls` value, or undefined when it is a whole number >= 1. */
export function maxToolCallsProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
    ? undefined
    : `maxToolCalls must be a whole number of tool calls >= 1 (got ${showValue(value)}); e.g. ${DEFAULT_MAX_TOOL_CALLS}`
}

/** Standard Schema of the `tools` config; unknown options and modes fail loudly. */
export const ToolRegistryConfigSchema = configSchema<ResolvedToolRegistryConfig>((value) => {
  const issues: ConfigIssue[] = []
  for (const key of Object.keys(value)) {
    if (!KNOWN.includes(key))
      issues.push({ message: `unknown option "${key}" (known: ${KNOWN.join(', ')})`, path: [key] })
  }
  const mode = value.mode ?? 'native'
  if (typeof mode !== 'string' || !MODES.includes(mode)) {
    issues.push({
      message: `mode must be one of "native", "code", "both" (got ${showValue(mode)})`,
      path: ['mode'],
    })
  }
  const sdkBudgetBytes = value.sdkBudgetBytes ?? DEFAULT_SDK_BUDGET_BYTES
  const problem = sdkBudgetProblem(sdkBudgetBytes)
  if (problem !== undefined) issues.push({ message: problem, path: ['sdkBudgetBytes'] })
  const concurrentCallLimit = value.concurrentCallLimit ?? DEFAULT_CONCURRENT_CALL_LIMIT
  const limitProblem = concurrentCallLimitProblem(concurrentCallLimit)
  if (limitProblem !== undefined) issues.push({ message: limitProblem, path: ['concurrentCallLimit'] })
  const maxToolCalls = value.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS
  const callsProblem = maxToolCallsProblem(maxToolCalls)
  if (callsProblem !== undefined) issues.push({ message: callsProblem, path: ['maxToolCalls'] })
  const check = value.check ?? true
  if (typeof check !== 'boolean')
    issues.push({
      message: `check must be true or false (got ${JSON.stringify(check) ?? String(check)})`,
      path: ['check'],
    })
  if (issues.length > 0) return issues
  return Object.freeze({
    mode: mode as ToolPresentationMode,
    sdkBudgetBytes: sdkBudgetBytes as number,
    concurrentCallLimit: concurrentCallLimit as number,
    maxToolCalls: maxToolCalls as number,
    check: check as boolean,
  })
})
