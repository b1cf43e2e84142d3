import { HarnessError } from '@isocode/harness'

/** Stable codes of MCP bridge failures (carried on tool results as `error.code`). */
export const McpBridgeErrorCode = {
  /** The plugin config is malformed (no command or url, bad name). */
  INVALID_CONFIG: 'INVALID_CONFIG',
  /** The server process or endpoint could not be started, reached or initialized. */
  SERVER_START_FAILED: 'SERVER_START_FAILED',
  /** The connection ended (the server exited or was closed); its tools are gone. */
  SERVER_CLOSED: 'SERVER_CLOSED',
  /** The server answered the call with `isError: true`; the message is the server's text. */
  TOOL_ERROR: 'TOOL_ERROR',
  /** The call failed at the protocol level (timeout, bad result, invalid structured content). */
  CALL_FAILED: 'CALL_FAILED',
  /** The call was cancelled by the caller's signal; the server was sent notifications/cancelled. */
  ABORTED: 'ABORTED',
} as const

export type McpBridgeErrorCode = (typeof McpBridgeErrorCode)[keyof typeof McpBridgeErrorCode]

/** Base of the MCP bridge's failures; a HarnessError, so a failed call's result carries `{ name, code }`. */
export class McpBridgeError extends HarnessError {
  override name = 'McpBridgeError'
  declare readonly code: McpBridgeErrorCode
  constructor(
    message: string,
    code: McpBridgeErrorCode,
    /** The configured name of the server the failure belongs to. */
    readonly server?: string,
  ) {
    super(message, code)
  }
}
