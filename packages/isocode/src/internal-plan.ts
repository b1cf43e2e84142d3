// `isocode/internal/plan`: the limits and the plan type without the assembly, so the CLI checks
// its flags without loading isolated-vm or the MCP SDK. Not public API.
export { budgetProblem, LIMITS } from './assembly/plan.ts'
export type { Budgets } from './assembly/plan.ts'
