import { HarnessError } from '@isocode/harness'
import type { JsonValue } from '@isocode/code-runtime'

/** Stable codes of registry failures (carried on results as `error.code`). */
export const RegistryErrorCode = {
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  DUPLICATE_TOOL: 'DUPLICATE_TOOL',
  RESERVED_NAME: 'RESERVED_NAME',
  INVALID_DEFINITION: 'INVALID_DEFINITION',
  INVALID_RESTRICTION: 'INVALID_RESTRICTION',
  INVALID_ARGS: 'INVALID_ARGS',
  INVALID_INPUT: 'INVALID_INPUT',
  INVALID_TOOL_OUTPUT: 'INVALID_TOOL_OUTPUT',
  INVALID_DECISION: 'INVALID_DECISION',
  DENIED: 'DENIED',
  /** An `ask` decision no live approver answered, in a durable run: the run pauses with the call pending (R-114). */
  APPROVAL_REQUIRED: 'APPROVAL_REQUIRED',
  TOOL_FAILED: 'TOOL_FAILED',
  TIMEOUT: 'TIMEOUT',
  ABORTED: 'ABORTED',
  UNSUPPORTED_SCHEMA: 'UNSUPPORTED_SCHEMA',
  CODE_RUN_FAILED: 'CODE_RUN_FAILED',
  CODE_MODE_UNAVAILABLE: 'CODE_MODE_UNAVAILABLE',
  /** A program to save was refused (its name, code, description or input schema), naming the field (R-120). */
  INVALID_PROGRAM: 'INVALID_PROGRAM',
  /** Saved programs were asked for on a registry with no store (`ctx.tools.programs.use(store)`). */
  NO_PROGRAM_STORE: 'NO_PROGRAM_STORE',
  /** The runs API was given a runId the store does not have (R-148). */
  RUN_NOT_FOUND: 'RUN_NOT_FOUND',
  /** A decision (approve, reject), resume, cancel or rollback of a run that is not paused (R-148). */
  RUN_NOT_PAUSED: 'RUN_NOT_PAUSED',
  /** Decisions that are malformed, do not decide every pending call once, or edit args the tool's schema refuses (R-111). */
  INVALID_DECISIONS: 'INVALID_DECISIONS',
  /** A resume refused before anything ran: a tool the run called changed its schema or is gone (R-113). */
  TOOL_CHANGED: 'TOOL_CHANGED',
  /** The run store refused a write (a value over its cap, a lost claim), or the runs API has no store (R-148). */
  STORE: 'STORE',
  /** The `runStore` service's config: a URL that does not parse, a store that cannot be opened (R-147). */
  INVALID_STORE: 'INVALID_STORE',
} as const

export type RegistryErrorCode = (typeof RegistryErrorCode)[keyof typeof RegistryErrorCode]

/** Base of the registry's failures; a HarnessError so results carry `{ name, code }`. */
export class RegistryError extends HarnessError {
  override name = 'RegistryError'
  declare readonly code: RegistryErrorCode
  // oxlint-disable-next-line no-useless-constructor -- why: narrows `code` to the registry's codes
  constructor(message: string, code: RegistryErrorCode) {
    super(message, code)
  }
}

/** A defineTool tool got arguments that do not match its SchemaSpec; lists every violation. */
export class ToolArgsError extends RegistryError {
  override name = 'ToolArgsError'
  constructor(
    readonly violations: readonly string[],
    tool?: string,
  ) {
    super(
      `invalid arguments${tool === undefined ? '' : ` for ${tool}`}:\n${violations.map((v) => `- ${v}`).join('\n')}`,
      'INVALID_ARGS',
    )
  }
}

/** A defineTool tool with an outputSchema returned a value that does not match it; lists every violation. */
export class ToolResultError extends RegistryError {
  override name = 'ToolResultError'
  constructor(
    readonly violations: readonly string[],
    tool?: string,
  ) {
    super(
      `invalid result${tool === undefined ? '' : ` from ${tool}`}:\n${violations.map((v) => `- ${v}`).join('\n')}`,
      'INVALID_TOOL_OUTPUT',
    )
  }
}

/** A structured-output schema uses something outside the supported subset; lists every violation. */
export class OutputSchemaError extends RegistryError {
  override name = 'OutputSchemaError'
  constructor(readonly violations: readonly string[]) {
    super(`unsupported output schema:\n${violations.map((v) => `- ${v}`).join('\n')}`, 'UNSUPPORTED_SCHEMA')
  }
}

/**
 * A Code Mode run failed; the message is the failure kind plus the captured logs, and
 * `structuredContent` the run as data, which the pipeline keeps on the isError result (R-76).
 */
export class CodeRunFailedError extends RegistryError {
  override name = 'CodeRunFailedError'
  constructor(
    message: string,
    readonly structuredContent?: JsonValue,
  ) {
    super(message, 'CODE_RUN_FAILED')
  }
}
