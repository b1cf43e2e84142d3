// why: a Cordis plugin module (`ctx.plugin(await import('@isocode/registry/timeout-policy'))`):
// Cordis reads `name`, `inject` and `apply` from it, so they are public though nothing imports them.
/** @public */
export { apply, createTimeoutWrapper, inject, name, TimeoutPolicy } from './plugin.ts'
/** @public */
export type { ToolLookup } from './plugin.ts'
