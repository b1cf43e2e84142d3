// createCodeMode's options checked before anything starts, once (rule R-140): one IsocodeError
// naming the field and the fix, else the AppPlan the assembly only reads.
import { isPlainObject, showValue } from '@isocode/code-runtime'
import { configProblems, mcpServerConfigs } from '@isocode/mcp/spec'
import type { McpServerConfig } from '@isocode/mcp/spec'
import { closestNames } from '@isocode/sdk-codegen'
import type { AppPlan, Budgets } from './assembly/plan.ts'
import { budgetProblem, LIMIT_KEYS } from './assembly/plan.ts'
import { errorMessage } from './error-message.ts'
import { IsocodeError } from './errors.ts'
import type { CodeModeOptions, McpServerSpec } from './options.ts'

const OPTIONS = ['tools', 'mcp', 'isolation', 'budgets', 'sdk', 'concurrency', 'check', 'store']
/** Runs at once when `concurrency` is not given: sized for a server. */
const DEFAULT_CONCURRENCY = 4
// why: the runtime's pool limit (poolSize 1–64, RT-28); one run slot is one isolate or process.
const MAX_CONCURRENCY = 64
const SDK = ['auto', 'full', 'compact']
const STORE_METHODS = ['createRun', 'getRun', 'claim', 'decide', 'callStarted', 'callDone', 'listCalls']

/** The checked options: the tools by name, runs at once, and the plan the assembly builds. */
export interface ResolvedOptions {
  readonly tools: Record<string, unknown>
  /** Runs at once (the runtime's pool size). */
  readonly concurrency: number
  readonly plan: AppPlan
}

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

/** The McpClient configs of `mcp`: strings parsed as `--mcp` does, objects as given; namespaced when there are several. */
function serverConfigs(mcp: readonly McpServerSpec[]): McpServerConfig[] {
  const several = mcp.length > 1
  const configs = mcp.map((server, i) => {
    // why: as with --mcp, several servers are namespaced unless an object says otherwise.
    if (typeof server !== 'string')
      return { ...(server as McpServerConfig), namespace: server.namespace ?? several } as McpServerConfig
    try {
      const [config] = mcpServerConfigs([server], { label: `mcp[${i}]` })
      return { ...(config as McpServerConfig), namespace: several }
    } catch (error) {
      return invalid(errorMessage(error))
    }
  })
  const seen = new Set<string>()
  configs.forEach((config, i) => {
    if (seen.has(config.name))
      invalid(
        `mcp[${i}]: a second MCP server named "${config.name}"; give it another name, e.g. ${renamed(mcp[i], config.name, seen)}`,
      )
    seen.add(config.name)
  })
  return configs
}

/** `server` written again under a name not in `taken` (`mem-2=node …`, or `{ name: 'mem-2', … }`). */
function renamed(server: McpServerSpec | undefined, name: string, taken: ReadonlySet<string>): string {
  let free = `${name}-2`
  for (let n = 3; taken.has(free); n++) free = `${name}-${n}`
  if (typeof server !== 'string') return `{ name: '${free}', … }`
  // why: a value already named (`mem=node …`) keeps its command line, not its old name.
  const trimmed = server.trim()
  const body = trimmed.startsWith(`${name}=`) ? trimmed.slice(name.length + 1) : trimmed
  return `'${free}=${body}'`
}

/** Check `options` and apply the defaults; throws one IsocodeError (INVALID_OPTION) for the first problem. */
export function checkOptions(options: unknown): ResolvedOptions {
  if (options === undefined) options = {}
  if (!isPlainObject(options))
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
  if (!isPlainObject(tools))
    invalid(
      'tools must be an object of tools by name ({ get_weather: { description, inputSchema, execute } }, or an AI SDK ToolSet)',
    )
  if (!Array.isArray(mcp))
    invalid("mcp must be an array of MCP servers (['npx -y @modelcontextprotocol/server-memory', 'https://host/mcp'])")
  mcp.forEach((server: unknown, i) => {
    if (typeof server === 'string') return
    if (!isPlainObject(server))
      invalid(`mcp[${i}] must be a command line, an http(s) URL or an object { name, command, args? } / { name, url }`)
    const problem = configProblems(server)[0]
    if (problem !== undefined) invalid(`mcp[${i}].${problem}`)
  })
  if (isolation !== 'process' && isolation !== 'isolate')
    invalid(
      `isolation must be "process" (programs in a supervised child process) or "isolate" (in this process, trusted programs); got ${showValue(isolation)}`,
    )
  if (!isPlainObject(budgets))
    invalid('budgets must be an object { cpuMs?, wallMs?, memoryMb?, outputBytes?, toolCalls?, sdkBytes? }')
  unknownKeys('budgets.', budgets, LIMIT_KEYS)
  if (!SDK.includes(sdk as string)) invalid(`sdk must be "auto", "full" or "compact"; got ${showValue(sdk)}`)
  const problem = budgetProblem(budgets as Budgets, (key) => `budgets.${key}`)
  if (problem !== undefined) invalid(problem)
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
  if (
    store !== undefined &&
    typeof store !== 'string' &&
    !(
      isPlainObject(store) &&
      STORE_METHODS.every((name) => typeof (store as unknown as Record<string, unknown>)[name] === 'function')
    )
  )
    invalid(
      `store must be a store URL ('memory:', 'file:<path>', 'postgres://…') or a RunStore object; got ${showValue(store)}`,
    )
  // why: R-65 — `full` never falls back to compact, `compact` always does.
  const sdkBytes = sdk === 'full' ? Number.MAX_SAFE_INTEGER : sdk === 'compact' ? 0 : (budgets as Budgets).sdkBytes
  return {
    tools,
    concurrency,
    plan: {
      isolation,
      budgets: { ...(budgets as Budgets), ...(sdkBytes === undefined ? {} : { sdkBytes }) },
      mode: 'code',
      check,
      // why: one isolate (or child process) per run slot, so admitted runs never wait in the pool.
      poolSize: concurrency,
      mcp: serverConfigs(mcp),
      store,
      approve: [],
      say: {
        runtime: `createCodeMode: the runtime (isolation "${isolation}")`,
        mcp: 'createCodeMode: mcp',
        store: 'createCodeMode: store',
      },
    },
  }
}
