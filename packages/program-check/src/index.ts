export { createProgramChecker } from './checker.ts'
export { ProgramCheckError } from './errors.ts'
/** @public */
export { ProgramCheckErrorCode } from './errors.ts'

export type { CheckError, CheckErrorClass, CheckResult, ProgramChecker, ProgramCheckerOptions } from './types.ts'
