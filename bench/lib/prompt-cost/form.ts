// One way of telling a model its tools, as the prompt-cost suite prices it.
import type { ToolSet } from './sets.ts'

/** A loaded form: renders what the model reads for a tool set. */
export interface Renderer {
  /** Everything the model reads to know the tools of `set`, as one text. */
  render(set: ToolSet): Promise<string>
}

/** A row of the prompt-cost table. */
export interface PromptForm {
  /** Key part of metrics and ratios (`isocode_compact`). */
  readonly id: string
  /** Row label (`Isocode compact`). */
  readonly label: string
  /** One line saying exactly what is priced. */
  readonly what: string
  /** Load the engine; a throw makes the whole row "unavailable: <reason>". */
  load(): Promise<Renderer>
}

/** The first line of an error's message. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0]?.trim() || 'unknown error'
}
