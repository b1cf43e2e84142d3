// `@isocode/cli/internal`: the command line's parser and the HTTP server, for the workspace's bench.
// Not part of the public API; they may change in any release.
export { parseCommandLine } from './args.ts'
export { serveHttp } from './serve-http.ts'
