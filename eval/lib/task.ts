// A task of the table: a prompt, the answer it must get, and the two scripted agents that replay
// what a competent model sends — one tool call per turn (direct), one program per turn (Code Mode).
// Each script is a generator: it yields what the model sends and receives the text it reads back,
// and returns the answer the model gives in its last turn.
import type { JsonObject, JsonValue } from '@isocode/registry'
import type { ToolCall } from './env.ts'
import type { EnvId } from './workspace.ts'

/** One run_code call: what the model writes in one Code Mode turn. */
export interface Program {
  readonly description: string
  readonly code: string
}

/** A direct-calling agent: yields one tool call per turn, reads the result's text, returns the answer. */
export type DirectScript = Generator<ToolCall, JsonValue, string>

/** A Code Mode agent: yields one program per turn, reads the run's text, returns the answer. */
export type CodeScript = Generator<Program, JsonValue, string>

/** One task of the eval. */
export interface Task {
  readonly id: string
  readonly env: EnvId
  /** The user's message. */
  readonly prompt: string
  /** The answer both paths must give, checked exactly. */
  readonly expected: JsonValue
  direct(): DirectScript
  code(): CodeScript
}

/** A tool call, as a direct script yields it. */
export const call = (tool: string, args: JsonObject = {}): ToolCall => ({ tool, args })

/** A program, as a Code Mode script yields it; `code` is the body of run_code's async function. */
export const program = (description: string, code: string): Program => ({ description, code: dedent(code) })

/** What a run or a tool answered, read as the model reads it: JSON when it is JSON, else the text. */
export function read(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue
  } catch {
    return text
  }
}

/** `value` read as JSON of a known shape (the scripts know what they asked for). */
export const readAs = <T>(text: string): T => JSON.parse(text) as T

// why: programs are written indented inside template literals; the model would send them flush.
function dedent(code: string): string {
  const lines = code
    .replace(/^\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n')
  const indent = Math.min(
    ...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0),
  )
  return lines.map((line) => line.slice(indent)).join('\n')
}
