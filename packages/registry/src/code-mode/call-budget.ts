/** The failure kind of a run that tried more tool calls than `toolCalls` allows. */
export const TOOL_CALL_LIMIT = 'tool-call-limit'

// why: a class of its own, so run_code recognises its own abort reason by identity and never
// mistakes an outer abort (or a reason a caller happened to word alike) for the budget.
class ToolCallLimitReason extends Error {
  override name = 'ToolCallLimitReason'
}

/**
 * The tool-call budget of one run (rule R-70 in docs/registry-contract.md): admits up to `max`
 * dispatches; the next one is refused, and at that moment the run is aborted with a reason only
 * this budget owns, so a program that catches the refusal cannot keep calling.
 */
/** "1 tool call", "2 tool calls". */
const toolCalls = (count: number): string => `${count} tool ${count === 1 ? 'call' : 'calls'}`

export class ToolCallBudget {
  // why: made when a call is refused, not for every run: an error captures the stack it is made on.
  private reason: ToolCallLimitReason | undefined
  private spent = false

  constructor(
    readonly max: number,
    private readonly abortRun: (reason: unknown) => void,
  ) {}

  /** Whether a call was refused: every later call is refused too. */
  get exhausted(): boolean {
    return this.spent
  }

  /** Take one call out of the budget given `dispatched` so far; false (and the run aborted) when none is left. */
  admit(dispatched: number): boolean {
    if (!this.spent && dispatched < this.max) return true
    if (!this.spent) {
      this.spent = true
      this.reason = new ToolCallLimitReason(this.limitText())
      this.abortRun(this.reason)
    }
    return false
  }

  /** The text a refused call rejects with inside the program. */
  refusal(name: string): string {
    return `tools.${name} was not run: the program reached its limit of ${toolCalls(this.max)} (toolCalls); the run is ending`
  }

  /** Whether `signal` was aborted by this budget (not by the caller or the run's settlement). */
  endedRun(signal: AbortSignal): boolean {
    return this.reason !== undefined && signal.aborted && signal.reason === this.reason
  }

  private limitText(): string {
    return `the program made more than ${toolCalls(this.max)} (toolCalls)`
  }

  /** The run's failure message once the budget ended it; `at`: where the refused call was made, when known. */
  failureMessage(at?: { line: number; column: number }): string {
    const where = at === undefined ? '' : ` (at ${at.line}:${at.column})`
    return `${this.limitText()}; call ${this.max + 1} was not run${where}. Do more per call (a tool that takes a list, a narrower query) or split the work across run_code calls.`
  }
}
