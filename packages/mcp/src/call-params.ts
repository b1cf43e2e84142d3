import { isPlainObject } from '@isocode/code-runtime'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

/** The params of a `tools/call` request once checked: a tool name and an arguments object. */
export interface CallParams {
  name: string
  arguments: Record<string, unknown>
  // oxlint-disable-next-line no-underscore-dangle -- why: MCP names the request's metadata `_meta`
  _meta?: { progressToken?: unknown } | undefined
}

/** What a JSON value is, for an error message: `an array`, `a string ("x")`, `null`. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value} (${String(value)})`
}

/**
 * A JSON-RPC invalid-params error (-32602) for the SDK to send as it is; unlike the SDK's McpError,
 * its message is not prefixed, so the client (which prefixes it once) shows it once.
 */
export function invalidParams(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams })
}

const invalid = (message: string): Error => invalidParams(`Invalid params: ${message}`)

function checkParams(params: unknown): CallParams {
  if (!isPlainObject(params))
    throw invalid(`tools/call takes params { "name": string, "arguments"?: object }, got ${kindOf(params)}`)
  const { name, arguments: args } = params
  if (typeof name !== 'string')
    throw invalid(`params.name must be the name of a tool from tools/list (a string), got ${kindOf(name)}`)
  if (args !== undefined && !isPlainObject(args))
    throw invalid(
      `params.arguments must be a JSON object of the tool's arguments (e.g. {"code": "return 1"} for run_code), got ${kindOf(args)}`,
    )
  return { ...params, name, arguments: args ?? {} } as CallParams
}

/**
 * The `tools/call` request schema this server registers: params that are not `{ name, arguments? }`
 * are refused with a JSON-RPC invalid-params error (-32602, R-97) saying what was expected, where the
 * SDK's own schema answers -32603 with the raw validation dump.
 */
export const CheckedCallToolRequestSchema = z
  .object({ method: z.literal('tools/call'), params: z.unknown().transform(checkParams) })
  .loose()
