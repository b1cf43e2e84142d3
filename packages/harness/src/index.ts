export { HarnessError } from './errors.ts'
export type { ScopeKey } from './scope-key.ts'
