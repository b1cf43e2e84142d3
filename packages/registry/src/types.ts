import type { JsonValue, RunJournal } from '@isocode/code-runtime'
import type { Approval, JsonObject, ScopeKey } from '@isocode/harness'
import type { ToolSchema as SharedToolSchema } from '@isocode/sdk-codegen'
import type { ContentBlock } from './content.ts'
import type { RunEventListener } from './run-event.ts'
import type { ToolCallView, ToolResultSnapshot, ToolResultView } from './presentation/views.ts'

export type { ContentBlock, JsonObject, JsonValue, ScopeKey }

/**
 * What the model sees of a tool: its name, description and JSON Schema parameters (plus
 * `outputSchema` for typed Code Mode results); sdk-codegen's shared ToolSchema with JSON objects.
 */
export type ToolSchema = SharedToolSchema<JsonObject>

/**
 * What a tool's execute returns: the bare content, or content plus an opaque JSON `meta` and,
 * for a tool that declares `outputSchema`, the `structuredContent` value it describes.
 */
export type ToolOutput = ContentBlock[] | { content: ContentBlock[]; meta?: JsonValue; structuredContent?: JsonValue }

/** A registrable tool: schema, executor, optional presentation and a declarative timeout budget. */
export interface ToolDefinition<Args = JsonObject> extends ToolSchema {
  execute(args: Args, exec: ToolExecution): Promise<ToolOutput>
  presentCall?(args: Args): ToolCallView | undefined
  presentResult?(args: Args, result: ToolResultSnapshot): ToolResultView | undefined
  /** Cooperative budget in ms, enforced only by the timeout-policy plugin; never sent to the model. */
  timeoutMs?: number
  /**
   * The group the compact tools:sdk section lists the tool under (the MCP bridge sets the server
   * name); absent = the name's first word. Never sent as part of the wire schema.
   */
  group?: string
  /**
   * The tool tolerates overlapping calls: Code Mode runs its calls under Promise.all concurrently
   * (up to the registry's concurrentCallLimit), still one pipeline execution each. Default false.
   */
  concurrencySafe?: boolean
  /**
   * What the tool's author says of its effects (MCP's tool annotations; rule R-117): hints, never
   * enforced by the registry; durable runs and approval flags read them. Never sent to the model.
   */
  annotations?: ToolAnnotations
  /**
   * Every call (true) or the calls whose arguments it returns true for need a person's approval
   * (rule R-149): a durable run (a `runStore` service) pauses there unless a live approval service
   * allows it; without one the call is asked like an `ask` decision. Never sent to the model.
   */
  needsApproval?: boolean | ((args: JsonObject) => boolean | PromiseLike<boolean>)
  /** Undo one applied call of a durable run: `runs.rollback` calls it with its args and structured result. */
  revert?(args: JsonObject, result: JsonValue): unknown
}

/** MCP's behavioural hints of a tool (`tools/list` annotations), booleans only. */
export interface ToolAnnotations {
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
}

declare const tokenBrand: unique symbol

/** A frozen, property-free identity assigned by the registry; supports `===` only. */
export interface ToolExecutionToken {
  readonly [tokenBrand]: true
}

/** The caller-supplied description of one call; single-use. */
export interface ToolExecutionInput {
  callId: string
  name: string
  arguments: unknown
  agent?: ScopeKey
  parent?: ToolExecutionToken
  signal?: AbortSignal
  /**
   * Observe a `run_code` call while it runs (rule R-80 in docs/registry-contract.md); kept by the
   * registry beside the execution, never on it. Ignored by every other tool.
   */
  onRunEvent?: RunEventListener
  /**
   * Make a `run_code` call durable: record or replay its journal and calls through this object
   * (rule R-110); kept beside the execution like `onRunEvent`. Ignored by every other tool.
   */
  durable?: RunDurability
  /**
   * The state scope of a `run_code` call: what its program's `state` reads and writes (rule
   * R-121; default `default`); kept beside the execution like `onRunEvent`. Ignored by every other tool.
   */
  scope?: string
  /**
   * Answers this call's `ask` decision for its caller's user (an MCP client asked by elicitation,
   * rule R-34); wins over the approval service and needs no agent. Kept beside the execution.
   */
  approval?: Approval
}

/** The pipeline-owned call: immutable identity plus the one operational field, `signal`. */
export interface ToolExecution {
  readonly token: ToolExecutionToken
  readonly callId: string
  readonly name: string
  readonly arguments: Readonly<JsonObject>
  readonly agent?: ScopeKey
  readonly parent?: ToolExecutionToken
  signal?: AbortSignal
}

/** Context a post-execute listener ferries to the loop: a JSON object with at least `text`. */
export interface HookContext {
  text: string
  [key: string]: JsonValue
}

/** The losslessly JSON-serializable outcome of one execution. */
export interface ToolExecutionResult {
  callId: string
  content: ContentBlock[]
  isError: boolean
  error?: { name: string; code: string }
  additionalContext?: HookContext
  meta?: JsonValue
  /** The tool's machine-readable result (object output form); Code Mode resolves typed calls with it. */
  structuredContent?: JsonValue
}

/** The tools/pre-execute verdict. */
export type PreToolDecision = { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'ask'; reason?: string }

/**
 * The tools/post-execute verdict. A block's `feedback` becomes the isError content: a string is
 * one text block, content blocks are used as given.
 */
export type PostToolDecision =
  | { kind: 'accept'; content?: ContentBlock[]; additionalContext?: HookContext }
  | { kind: 'block'; feedback: string | ContentBlock[]; additionalContext?: HookContext }

/** A monotonic synchronous guard: a returned string denies the call. */
export type ToolGuard = (execution: ToolExecution) => string | undefined

/** A scoped mask over the global tool layer. */
export interface ToolRestriction {
  allow?: string[]
  deny?: string[]
}

/** How a durable run ended the program instead of the runtime. */
export interface DurableFailure {
  kind: 'paused' | 'needs-review' | 'replay-divergence' | 'store'
  message: string
}

/** One binding call of a durable run as the bridge sees it, before anything is dispatched. */
export interface DurableCall {
  /** The guest's call number (rule RT-52): what a replay keys recorded calls by. */
  seq: number
  tool: string
  args: JsonValue
  line?: number
  column?: number
  /** The sub-call's callId, should it be dispatched. */
  callId: string
}

/**
 * What a durable run decides for one call (rules ): serve a recorded outcome without
 * running the tool, run it for real (with the args to run it with), or stop the run (a pause or a
 * replay divergence), after which nothing the program does runs.
 */
export type DurableStep =
  | { kind: 'replay'; result: ToolExecutionResult }
  /** `done` records the outcome before the program sees it; false stops the run (it could not be recorded). */
  | {
      kind: 'run'
      args: JsonValue
      done(result: ToolExecutionResult): Promise<boolean>
      /** A recorded call run again (`replay: 'reexecute'`, a crashed idempotent one): reported with `replayed: true`. */
      replayed?: boolean
    }
  | { kind: 'stop' }

/**
 * The durable side of one `run_code` call (rules ): it records and replays the
 * run's journal and its calls. The registry only asks it what to do per call and tells it how the
 * run ended; the store behind it is the caller's.
 */
export interface RunDurability {
  /** `{}` to record a fresh run, or the recorded journal of the run being resumed. */
  readonly journal: Partial<RunJournal>
  /**
   * How many console lines earlier executions of this run already reported live: the replay's
   * first that many are kept in the result but not sent as `console` events again.
   */
  readonly reportedLines?: number
  /** Called for each binding call, in the order the program made them. */
  step(call: DurableCall): Promise<DurableStep>
  /**
   * Called once the program ended, with its journal; a failure it returns (a pause, a divergence,
   * recorded calls left unused) replaces the runtime's.
   */
  end(ended: { journal?: RunJournal; failed: boolean }): Promise<DurableFailure | undefined>
  /**
   * Whether sub-call `callId` runs under a decision recorded in the store (rule R-114): an `ask`
   * policy decision does not ask again for it.
   */
  approved(callId: string): boolean
  /**
   * The recorded outcomes a resumed run's runtime may serve without a host round trip (rules
   * R-111, RT-71): calls recorded done, by call number. Absent: every call goes through {@link step}.
   */
  replayable?(): readonly ReplayableCall[]
  /**
   * The runtime served recorded call `seq` itself (RT-71): counted as replayed, once. False, and
   * nothing counted, for a number that is not a replayable call or was counted already.
   */
  served?(seq: number): boolean
}

/** A call recorded done, as {@link RunDurability.replayable} offers it to be served again. */
export interface ReplayableCall {
  seq: number
  tool: string
  /** The arguments the program made the call with: a replay with others diverges. */
  args: JsonValue
  result: ToolExecutionResult
}
