export { createProgramChecker } from './checker.ts'
export { FRAME_WIDTH, frameLine } from './excerpt.ts'
/** @public */
export { ProgramCheckError, ProgramCheckErrorCode } from './errors.ts'

export type { CheckResult, Inspection, ProgramChecker } from './types.ts'
/** @public */
export type { CheckError, CheckErrorClass, ProgramCheckerOptions } from './types.ts'
