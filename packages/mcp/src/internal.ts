// why: `@isocode/mcp/internal` is for the workspace's own packages (the CLI's `serve --http` warns
// about and checks the same hosts and origins the HTTP server guards); no stability promise.
export { isLoopbackHost, normalizeOrigin } from './http/guard.ts'
// why: the CLI's --max-session-runs and --max-connections default to the server's own defaults.
export { DEFAULT_MAX_CONNECTIONS } from './http/connection-cap.ts'
export { defaultSessionShare } from './http/run-limiter.ts'
// why: the assembly gates `--approve destructive` on the tools' MCP annotations.
export { mcpToolHints } from './tools.ts'
// why: the bench measures the prompt cost of MCP tools mapped as the bridge maps them.
export { toDefinition } from './tools.ts'
