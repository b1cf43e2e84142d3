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

  /** The message of an `output-limit` failure. */
  overMessage(): string {
    return `output over the ${this.cap}-byte cap (UTF-8 bytes of the JSON of logs plus value); print or return less`
  }
}
