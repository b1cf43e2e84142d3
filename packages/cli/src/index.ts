export { CliError } from './errors.ts'
/** @public */
export { CliErrorCode } from './errors.ts'
export { workspaceTools } from './workspace-tools.ts'
