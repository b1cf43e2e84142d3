export { apply, createTimeoutWrapper, inject, name, TimeoutPolicy } from './plugin.ts'
export type { ToolLookup } from './plugin.ts'
