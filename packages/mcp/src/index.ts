export { McpClient } from './client.ts'
export { McpBridgeError } from './errors.ts'
/** @public */
export { McpBridgeErrorCode } from './errors.ts'
export { startCodeModeHttpServer } from './http/server.ts'
export { createCodeModeServer } from './server.ts'
export { connectStdio } from './stdio.ts'
/** @public */
export { mcpServerConfigs, splitCommandLine } from './spec.ts'
export { startMcpClients } from './start.ts'
export type { ApprovalCall, ServeApprovals, ServeResult } from './approvals.ts'
export type { McpServerConfig, McpStdioServerConfig } from './config.ts'
export type { CodeModeHttpOptions, CodeModeHttpServer } from './http/server.ts'
