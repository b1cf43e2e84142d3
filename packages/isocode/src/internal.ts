// `isocode/internal`: the one assembly the facade and the CLI are built on (rule R-140), for the
// workspace's own packages. Not part of the public API; it may change in any release.
export { openApp, openRuns } from './assembly/app.ts'
export { IsocodeError } from './errors.ts'
export type { App } from './assembly/app.ts'
export type { AppPlan, Budgets } from './assembly/plan.ts'
export type { RunRecord } from './assembly/recording-runtime.ts'
export type { CodeModeResult, PendingCall, RunDecision, RunInfo } from './types.ts'
