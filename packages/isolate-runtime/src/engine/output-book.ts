import type { CodeRunFailureKind, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import type { Finished } from './run-state.ts'

// why: the only shape of a site the guest may attach to a console line.
const SITE = /^ \(at \d+:\d+\)$/

/**
 * The logs of one run and the output cap (rule RT-21 in docs/runtime-contract.md): the UTF-8 bytes of the JSON of the
 * logs plus the value (or failure message) must fit. Logs are kept as written, host side, so a
 * killed run still returns them.
 */
export class OutputBook {
  readonly logs: string[] = []
  // why: `[]` is two bytes; every further entry adds its JSON and a comma.
  private bytes = 2
  private full = false

  constructor(readonly cap: number) {}

  /** Record a line; false (and nothing kept) once it would push the logs over the cap. */
  add(text: string): boolean {
    if (this.full) return false
    const cost = Buffer.byteLength(JSON.stringify(text)) + (this.logs.length > 0 ? 1 : 0)
    if (this.bytes + cost > this.cap) {
      this.full = true
      return false
    }
    this.bytes += cost
    this.logs.push(text)
    return true
  }

  /** Whether the logs plus this JSON text (a value, or a quoted message) stay within the cap. */
  fits(json: string): boolean {
    return !this.full && this.bytes + Buffer.byteLength(json) <= this.cap
  }

  /** A failed run's outcome: `kind` and `message`, or `output-limit` when the message does not fit. */
  failure(kind: CodeRunFailureKind, message: string): Omit<CodeRunResult, 'usage'> {
    const fits = this.fits(JSON.stringify(message))
    return { logs: this.logs, error: fits ? { kind, message } : { kind: 'output-limit', message: this.overMessage() } }
  }

  /**
   * The outcome of a program that reported how it ended: lines logged late (after it returned)
   * and the completion value must fit the cap too, and the value must arrive as JSON.
   */
  outcome(finished: Finished, late: readonly string[]): Omit<CodeRunResult, 'usage'> {
    for (const line of late) if (!this.add(line)) return this.failure('output-limit', this.overMessage())
    if (finished.kind !== 'ok') return this.failure(finished.kind, finished.text ?? 'the program failed')
    if (finished.text === undefined) return { logs: this.logs }
    if (!this.fits(finished.text)) return this.failure('output-limit', this.overMessage())
    try {
      return { value: JSON.parse(finished.text) as JsonValue, logs: this.logs }
    } catch {
      return this.failure('invalid-output', 'the completion value did not arrive as JSON')
    }
  }

  /**
   * `site` when it is the ` (at L:C)` the guest may attach to the line that crossed the cap, else
   * undefined: a site of any other shape is dropped (guest input).
   */
  checkedSite(site: string | undefined): string | undefined {
    return site !== undefined && SITE.test(site) ? site : undefined
  }

  /** The message of an `output-limit` failure. */
  overMessage(): string {
    return `output over the ${this.cap}-byte cap (UTF-8 bytes of the JSON of logs plus value); print or return less`
  }
}
