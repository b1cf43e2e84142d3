import type { Budgets } from './assembly/budgets.ts'
import type { RunStore } from '@isocode/run-store'
/** What a tool's execute gets beside its validated arguments (AI SDK tools read `abortSignal`, `toolCallId`, `messages`). */
export interface ToolCallOptions {
  /** Aborted when the run ends (budget, abort, close) while the call is pending. */
  signal: AbortSignal
  /** The same signal, under the name AI SDK tools read. */
  abortSignal: AbortSignal
  toolCallId: string
  /** Always empty: a call from a program has no chat history (`never[]`, so AI SDK tools assign). */
  messages: never[]
  /** Always empty: the tool context ai 7 tools read (a call from a program has none). */
  context: Record<string, unknown>
  /**
   * `${runId}:${seq}`: the same for a call re-run after a crash (rule R-112), so a tool can
   * deduplicate its effect; absent for a call a program did not make and when runs are not
   * recorded (rule R-113).
   */
  idempotencyKey?: string
}

/**
 * One tool: `inputSchema` is a JSON Schema object (2020-12 or draft-07), a Standard Schema
 * (`~standard`: zod 3/4, valibot, arktype) or an AI SDK `jsonSchema()` schema; an AI SDK `tool()`
 * fits as-is. `execute` gets the validated arguments (the schema's output for Standard Schema).
 */
export interface ToolInput {
  // why: an ai 7 `tool()` types its description as a string or a function of the call's context,
  // so its tools assign; createCodeMode takes strings and names the tool when it gets a function.
  description?: string | ((options: never) => string)
  inputSchema: object
  /** JSON Schema (or Standard Schema) of the result: programs then get typed values. */
  outputSchema?: object
  // oxlint-disable-next-line no-explicit-any -- why: a method (bivariant) taking `any`, so tools typed by zod or AI SDK `tool()` assign and an inline execute may destructure its args.
  execute?(args: any, options: ToolCallOptions): unknown
  /**
   * Gate the tool (the AI SDK's name): a program reaching a call to it pauses until the call is
   * approved or rejected (`cm.runs`). A function decides per call from the arguments.
   */
  // oxlint-disable-next-line no-explicit-any -- why: as execute, so typed AI SDK tools assign.
  needsApproval?: boolean | ((args: any, options?: any) => boolean | PromiseLike<boolean>)
  /** Safe to run twice with the same `idempotencyKey`: a call cut off by a crash is re-run, not held for review. */
  idempotent?: boolean
  /** `reexecute`: re-run on replay instead of storing its result (large idempotent reads). */
  replay?: 'record' | 'reexecute'
  /** Undo one applied call; `cm.runs.rollback` calls it for each, newest first. */
  // oxlint-disable-next-line no-explicit-any -- why: as execute.
  revert?(args: any, result: any): unknown
}

/** Options of an MCP server given as an object (the McpClient config of @isocode/mcp). */
interface McpServerCommon {
  /** Names the server in errors and prefixes its tools (`name__tool`) when `namespace` is on. */
  name: string
  namespace?: boolean
  /** Per-request timeout in ms (default 60,000). */
  timeoutMs?: number
  /** The server handles overlapping calls: programs may run them under Promise.all. */
  concurrencySafe?: boolean
  /** How long in ms the server may take to start and list its tools (default 15,000). */
  startTimeoutMs?: number
}

/**
 * An MCP server: a string as the CLI's `--mcp` takes it (`'npx -y @scope/server'`,
 * `'name=https://host/mcp'`), or an object with a `command` (stdio) or a `url` (Streamable HTTP).
 */
export type McpServerSpec =
  | string
  | (McpServerCommon & { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; url?: never })
  | (McpServerCommon & { url: string; headers?: Record<string, string>; command?: never })

/** Limits of every run (defaults: those of the isolate runtime and the registry); the CLI's flags have the same names. */
export type CodeModeBudgets = Budgets

/** Options of `createCodeMode`. */
export interface CodeModeOptions {
  /** Tools by name; an AI SDK `ToolSet` passes as-is. */
  tools?: Record<string, ToolInput>
  /** MCP servers whose tools join `tools` (stdio command lines or http(s) URLs). */
  mcp?: readonly McpServerSpec[]
  /** `process` (default): programs run in a supervised child process; `isolate`: in this process (trusted programs). */
  isolation?: 'process' | 'isolate'
  budgets?: CodeModeBudgets
  /** `auto` (default): full SDK text within `budgets.sdkBytes`, else compact; `full` or `compact` force one. */
  sdk?: 'auto' | 'full' | 'compact'
  /**
   * Programs running at once (default 4, at most 64; one isolate or child process each); up to 16
   * times as many wait in arrival order, and one more ends at once with kind `busy`.
   */
  concurrency?: number
  /**
   * Check each program against the tools' declarations before it runs (default true): a program
   * with an error the run would hit anyway (syntax, an unknown tool or argument, a missing
   * argument) runs nothing and fails with kind `check`, every error listed with its line:column.
   */
  check?: boolean
  /**
   * Where runs are recorded so a paused run can be decided and resumed later: `'memory:'`
   * (default), `'file:<path>'` (SQLite), `'postgres://…'`, or a RunStore object. Without it runs
   * are recorded only when a tool has `needsApproval` (rule R-113).
   */
  store?: string | RunStore
}
