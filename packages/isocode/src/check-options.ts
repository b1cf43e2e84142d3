// createCodeMode's options checked before anything starts: one IsocodeError naming the field and the fix.
import { showValue } from '@isocode/code-runtime'
import { resolveConfig } from '@isocode/isolate-runtime'
import type { IsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { configProblems } from '@isocode/mcp/spec'
import type { McpServerConfig } from '@isocode/mcp/spec'
import { closestNames } from '@isocode/sdk-codegen'
import { IsocodeError } from './errors.ts'
import type { CodeModeBudgets, CodeModeOptions } from './options.ts'
import type { RunStore } from '@isocode/run-store'

const OPTIONS = ['tools', 'mcp', 'isolation', 'budgets', 'sdk', 'concurrency', 'check', 'store']
/** Runs at once when `concurrency` is not given: sized for a server. */
const DEFAULT_CONCURRENCY = 4
// why: the runtime's pool limit (poolSize 1–64, RT-28); one run slot is one isolate or process.
const MAX_CONCURRENCY = 64
const BUDGETS: Record<keyof CodeModeBudgets, keyof IsolateRuntimeConfig | 'sdkBudgetBytes' | 'maxToolCalls'> = {
  cpuMs: 'cpuMs',
  wallMs: 'wallMs',
  memoryMb: 'memoryMb',
  outputBytes: 'outputBytes',
  toolCalls: 'maxToolCalls',
  sdkBytes: 'sdkBudgetBytes',
}
const SDK = ['auto', 'full', 'compact']

/** The options with every default applied, the runtime config and the registry's SDK budget. */
export interface ResolvedOptions {
  readonly tools: Record<string, unknown>
  readonly mcp: readonly (string | McpServerConfig)[]
  readonly isolation: 'process' | 'isolate'
  readonly runtime: IsolateRuntimeConfig
  /** undefined: the registry's default (R-65). */
  readonly sdkBudgetBytes: number | undefined
  /** The registry's `maxToolCalls`; undefined: its default. */
  readonly maxToolCalls: number | undefined
  /** Runs at once (the runtime's pool size). */
  readonly concurrency: number
  /** Check each program before it runs (the registry's `check`, R-104). */
  readonly check: boolean
  /** Where runs are recorded: a store URL (opened at boot) or a RunStore object; absent when not given. */
  readonly store: string | RunStore | undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function invalid(message: string): never {
  throw new IsocodeError(`createCodeMode: ${message}`, 'INVALID_OPTION')
}

function unknownKeys(where: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue
    const near = closestNames(key, known)
    invalid(
      `unknown option ${where}${key}${near.length > 0 ? `; did you mean ${where}${near[0]}?` : ''} (known: ${known.join(', ')})`,
    )
  }
}

function runtimeConfig(budgets: CodeModeBudgets, concurrency: number): IsolateRuntimeConfig {
  // why: one isolate (or child process) per run slot, so admitted runs never wait in the pool.
  const config: IsolateRuntimeConfig = { poolSize: concurrency }
  for (const [key, target] of Object.entries(BUDGETS)) {
    const value = budgets[key as keyof CodeModeBudgets]
    if (value === undefined || target === 'sdkBudgetBytes' || target === 'maxToolCalls') continue
    ;(config as Record<string, unknown>)[target] = value
  }
  // why: as the CLI does, a CPU budget above the default wall budget raises the wall budget with it.
  if (budgets.wallMs === undefined && budgets.cpuMs !== undefined && budgets.cpuMs > 30_000)
    config.wallMs = budgets.cpuMs
  try {
    resolveConfig(config)
  } catch (error) {
    // why: the runtime names its own fields; say them as the budgets the caller wrote.
    let message = error instanceof Error ? error.message : String(error)
    for (const [key, target] of Object.entries(BUDGETS)) message = message.replaceAll(target, `budgets.${key}`)
    invalid(message.replace(/^invalid IsolateRuntime config:\n\s*- /, '').replace(/\n\s*- /g, '; '))
  }
  return config
}

/** Check `options` and apply the defaults; throws one IsocodeError (INVALID_OPTION) for the first problem. */
export function checkOptions(options: unknown): ResolvedOptions {
  if (options === undefined) options = {}
  if (!isRecord(options))
    invalid('options must be an object { tools, mcp?, isolation?, budgets?, sdk?, concurrency?, check?, store? }')
  unknownKeys('', options, OPTIONS)
  const {
    tools = {},
    mcp = [],
    isolation = 'process',
    budgets = {},
    sdk = 'auto',
    concurrency = DEFAULT_CONCURRENCY,
    check = true,
    store,
  } = options as CodeModeOptions
  if (!isRecord(tools))
    invalid(
      'tools must be an object of tools by name ({ get_weather: { description, inputSchema, execute } }, or an AI SDK ToolSet)',
    )
  if (!Array.isArray(mcp))
    invalid("mcp must be an array of MCP servers (['npx -y @modelcontextprotocol/server-memory', 'https://host/mcp'])")
  mcp.forEach((server: unknown, i) => {
    if (typeof server === 'string') return
    if (!isRecord(server))
      invalid(`mcp[${i}] must be a command line, an http(s) URL or an object { name, command, args? } / { name, url }`)
    const problem = configProblems(server)[0]
    if (problem !== undefined) invalid(`mcp[${i}].${problem}`)
  })
  if (isolation !== 'process' && isolation !== 'isolate')
    invalid(
      `isolation must be "process" (programs in a supervised child process) or "isolate" (in this process, trusted programs); got ${showValue(isolation)}`,
    )
  if (!isRecord(budgets))
    invalid('budgets must be an object { cpuMs?, wallMs?, memoryMb?, outputBytes?, toolCalls?, sdkBytes? }')
  unknownKeys('budgets.', budgets, Object.keys(BUDGETS))
  if (!SDK.includes(sdk as string)) invalid(`sdk must be "auto", "full" or "compact"; got ${showValue(sdk)}`)
  const sdkBytes = budgets.sdkBytes
  if (sdkBytes !== undefined && (typeof sdkBytes !== 'number' || !Number.isSafeInteger(sdkBytes) || sdkBytes < 0))
    invalid(`budgets.sdkBytes must be a whole number of bytes >= 0; got ${showValue(sdkBytes)}`)
  const toolCalls = budgets.toolCalls
  if (toolCalls !== undefined && (typeof toolCalls !== 'number' || !Number.isSafeInteger(toolCalls) || toolCalls < 1))
    invalid(`budgets.toolCalls must be a whole number of tool calls >= 1; got ${showValue(toolCalls)}`)
  if (
    typeof concurrency !== 'number' ||
    !Number.isSafeInteger(concurrency) ||
    concurrency < 1 ||
    concurrency > MAX_CONCURRENCY
  )
    invalid(
      `concurrency must be a whole number of runs at once from 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY}); got ${showValue(concurrency)}`,
    )
  if (typeof check !== 'boolean') invalid(`check must be true or false; got ${showValue(check)}`)
  const storeMethods = ['createRun', 'getRun', 'claim', 'decide', 'callStarted', 'callDone', 'listCalls']
  if (
    store !== undefined &&
    typeof store !== 'string' &&
    !(
      isRecord(store) &&
      storeMethods.every((name) => typeof (store as unknown as Record<string, unknown>)[name] === 'function')
    )
  )
    invalid(
      `store must be a store URL ('memory:', 'file:<path>', 'postgres://…') or a RunStore object; got ${showValue(store)}`,
    )
  // why: R-65 — `full` never falls back to compact, `compact` always does.
  const sdkBudgetBytes = sdk === 'full' ? Number.MAX_SAFE_INTEGER : sdk === 'compact' ? 0 : sdkBytes
  return {
    tools,
    mcp: mcp as readonly (string | McpServerConfig)[],
    isolation,
    runtime: runtimeConfig(budgets, concurrency),
    sdkBudgetBytes,
    maxToolCalls: toolCalls,
    concurrency,
    check,
    store,
  }
}
