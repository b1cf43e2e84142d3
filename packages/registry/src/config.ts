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
  sdkBytes?: number
  /** How many calls to concurrencySafe tools a Code Mode program may have running at once (default 4). */
  concurrentCallLimit?: number
  /**
   * How many tool calls one Code Mode run may dispatch (default 1000): the next call is not run
   * and the run ends with the failure kind `tool-call-limit`.
   */
  toolCalls?: number
  /**
   * Check each Code Mode program against the full declarations of its tools before it runs
   * (default true): a program with an error the run would hit anyway runs nothing and fails with
   * the kind `check`.
   */
  check?: boolean
  /** @deprecated since 0.2: use `sdkBytes` (the same budget, named as `createCodeMode`'s `budgets.sdkBytes`). */
  sdkBudgetBytes?: number
  /** @deprecated since 0.2: use `toolCalls` (the same limit, named as `createCodeMode`'s `budgets.toolCalls`). */
  maxToolCalls?: number
}

/** The config after validation: every option resolved. */
export interface ResolvedToolRegistryConfig {
  readonly mode: ToolPresentationMode
  readonly sdkBytes: number
  readonly concurrentCallLimit: number
  readonly toolCalls: number
  readonly check: boolean
}

/** Default of {@link ToolRegistryConfig.concurrentCallLimit}. */
export const DEFAULT_CONCURRENT_CALL_LIMIT = 4

/**
 * Default of {@link ToolRegistryConfig.toolCalls}: 30x a busy program's few dozen calls, yet at
 * the 30 s default wall budget a run reaches it only with calls under ~30 ms, so a runaway loop
 * ends long before its session log holds tens of thousands of dispatch events.
 */
export const DEFAULT_TOOL_CALLS = 1000

const MODES: readonly string[] = ['native', 'code', 'both']
const KNOWN = ['mode', 'sdkBytes', 'concurrentCallLimit', 'toolCalls', 'check', 'sdkBudgetBytes', 'maxToolCalls']

/** Problem with an `sdkBytes` value, or undefined when it is a whole number of bytes >= 0. */
export function sdkBytesProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? undefined
    : `sdkBytes must be a whole number of bytes >= 0 (got ${showValue(value)}); e.g. 16384`
}

/** Problem with a `concurrentCallLimit` value, or undefined when it is a whole number >= 1. */
export function concurrentCallLimitProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
    ? undefined
    : `concurrentCallLimit must be a whole number >= 1 (got ${showValue(value)}); e.g. 4`
}

/** Problem with a `toolCalls` value, or undefined when it is a whole number >= 1. */
export function toolCallsProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
    ? undefined
    : `toolCalls must be a whole number of tool calls >= 1 (got ${showValue(value)}); e.g. ${DEFAULT_TOOL_CALLS}`
}

const RENAMED = [
  ['sdkBudgetBytes', 'sdkBytes'],
  ['maxToolCalls', 'toolCalls'],
] as const

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
  // why: R-140 — one name per limit; the old names still read, and giving both is a mistake.
  for (const [old, key] of RENAMED)
    if (value[old] !== undefined && value[key] !== undefined)
      issues.push({ message: `${old} is the old name of ${key}; give one of them`, path: [old] })
  const sdkBytes = value.sdkBytes ?? value.sdkBudgetBytes ?? DEFAULT_SDK_BUDGET_BYTES
  const problem = sdkBytesProblem(sdkBytes)
  if (problem !== undefined) issues.push({ message: problem, path: ['sdkBytes'] })
  const concurrentCallLimit = value.concurrentCallLimit ?? DEFAULT_CONCURRENT_CALL_LIMIT
  const limitProblem = concurrentCallLimitProblem(concurrentCallLimit)
  if (limitProblem !== undefined) issues.push({ message: limitProblem, path: ['concurrentCallLimit'] })
  const toolCalls = value.toolCalls ?? value.maxToolCalls ?? DEFAULT_TOOL_CALLS
  const callsProblem = toolCallsProblem(toolCalls)
  if (callsProblem !== undefined) issues.push({ message: callsProblem, path: ['toolCalls'] })
  const check = value.check ?? true
  if (typeof check !== 'boolean')
    issues.push({
      message: `check must be true or false (got ${JSON.stringify(check) ?? String(check)})`,
      path: ['check'],
    })
  if (issues.length > 0) return issues
  return Object.freeze({
    mode: mode as ToolPresentationMode,
    sdkBytes: sdkBytes as number,
    concurrentCallLimit: concurrentCallLimit as number,
    toolCalls: toolCalls as number,
    check: check as boolean,
  })
})
