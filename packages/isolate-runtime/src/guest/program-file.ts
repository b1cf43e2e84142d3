// The program's name inside the isolate: the guest's stack frames, isolated-vm's compile errors
// and the stripper's source file all use it, so every position reads as the model's line:col.

/** The program's file name inside the isolate; stack frames name it with the model's line:col. */
export const PROGRAM_FILE = 'program.ts'

/** {@link PROGRAM_FILE} escaped for a regular expression. */
export const PROGRAM_FILE_PATTERN = PROGRAM_FILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A stack frame's position in the program: `program.ts:<line>:<col>` (groups 1 and 2). */
export const PROGRAM_POSITION = new RegExp(`${PROGRAM_FILE_PATTERN}:(\\d+):(\\d+)`)
