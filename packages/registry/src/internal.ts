// `@isocode/registry/internal`: the durable-runs core the facade and the CLI are built on (rules
// ), for the workspace's own packages. Not part of the public API; it may change in any release.
export { DurableRuns } from './durable/runs.ts'
export { schemaHash, toolFacts } from './durable/facts.ts'
export { runOutcome } from './durable/outcome.ts'
export type { ExecuteDurable } from './durable/runs.ts'
export type { Recorder } from './durable/recorder.ts'
export type { DurableToolFacts, ToolFacts } from './durable/types.ts'
