// The declarations a Code Mode run gets beside `tools` when it has a store: `state` (JSON values
// kept between runs in the run's scope) and `programs` (one member per saved program). Each saved
// program costs the prompt its declaration and nothing more.
import { jsonSchemaToTs } from './schema-to-ts.ts'
import { jsdoc } from './text.ts'

/** The global a program reads and writes its state through. */
export const STATE_GLOBAL = 'state'

/** The global a program calls saved programs through. */
export const PROGRAMS_GLOBAL = 'programs'

/** A saved program as the SDK declares it. */
export interface ProgramDeclaration {
  /** An identifier (checked when the program was saved). */
  name: string
  description: string
  /** JSON Schema of the input; absent: the program takes none. */
  inputSchema?: unknown
  /** TypeScript type of what it returns; `unknown` when the checker could not infer it. */
  output: string
  /** Why calling it fails (a tool it calls changed or is gone); absent when it can run. */
  stale?: string
}

// why: every byte is paid on every turn, so the caps and the fact a failed run keeps its writes
// are in one comment line, not repeated per member.
/** The `state` declaration, included whenever the run has a store. */
export const STATE_SDK = `/** State kept between runs in this run's scope (JSON values; 1 MiB a value, 16 MiB and 10,000 keys a scope). A write stays even when the run later fails. */
declare const ${STATE_GLOBAL}: {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  keys(prefix?: string): Promise<string[]>;
};
`

/** One member of `declare const programs`: its JSDoc and signature. */
export function renderProgramDeclaration(program: ProgramDeclaration, indent = ''): string {
  const note = program.stale === undefined ? program.description : `${program.description} (stale: ${program.stale})`
  const input =
    program.inputSchema === undefined ? 'input?: unknown' : `input: ${jsonSchemaToTs(program.inputSchema, { indent })}`
  return `${jsdoc(note, indent)}${indent}${program.name}(${input}): Promise<${program.output}>;\n`
}

/** `declare const programs: { … }` with one member per saved program (by name), or '' when there are none. */
export function renderProgramsSdk(programs: readonly ProgramDeclaration[]): string {
  if (programs.length === 0) return ''
  const sorted = programs.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const members = sorted.map((program) => renderProgramDeclaration(program, '  ')).join('')
  return `/** Saved programs: call one like a tool, \`await programs.name(input)\`. */\ndeclare const ${PROGRAMS_GLOBAL}: {\n${members}};\n`
}
