// why: `@isocode/mcp/internal` is for the workspace's own packages (the CLI's `serve --http` warns
// about and checks the same hosts and origins the HTTP server guards); no stability promise.
export { isLoopbackHost, normalizeOrigin } from './http/guard.ts'
