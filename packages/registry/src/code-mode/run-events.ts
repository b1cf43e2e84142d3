import type { CodeRunResult } from '@isocode/code-runtime'
import type { RunEvent, RunEventListener } from '../run-event.ts'
import type { ToolExecutionResult } from '../types.ts'
import { receivedBytes } from './received-bytes.ts'

/**
 * The events of one run_code call, delivered to its caller's listener (rules in
 * docs/registry-contract.md). Only built when the caller passed `onRunEvent`, so a run without a
 * listener pays nothing.
 */
export class RunEvents {
  private live = true
  private dispatched = 0

  constructor(
    private readonly listener: RunEventListener,
    private readonly runCallId: string,
  ) {}

  /** A console line the runtime kept (RT-48); the bridge reports the calls itself. */
  readonly console = (line: string): void => {
    this.emit({ type: 'console', line })
  }

  started(): void {
    this.emit({ type: 'run-started', callId: this.runCallId })
  }

  callStarted(call: number, callId: string, tool: string, replayed = false): number {
    this.dispatched = call
    this.emit(
      replayed ? { type: 'call-started', callId, call, tool, replayed } : { type: 'call-started', callId, call, tool },
    )
    return performance.now()
  }

  /** Skip the first `count` console lines (R-116: a replay's lines already reported live). */
  consoleAfter(count: number): (line: string) => void {
    let skip = count
    return (line) => {
      if (skip > 0) skip -= 1
      else this.console(line)
    }
  }

  callFinished(
    call: number,
    callId: string,
    tool: string,
    since: number,
    typed: boolean,
    result: ToolExecutionResult,
    replayed = false,
  ): void {
    const bytes = receivedBytes(tool, typed, result)
    const event: RunEvent = {
      type: 'call-finished',
      callId,
      call,
      tool,
      ms: performance.now() - since,
      ok: !result.isError,
      bytes,
    }
    if (result.error !== undefined) event.code = result.error.code
    if (replayed) event.replayed = true
    this.emit(event)
  }

  /** Deliver `run-finished` and stop: nothing reaches the listener afterwards. */
  finished(outcome: Extract<RunEvent, { type: 'run-finished' }>['outcome'], result: CodeRunResult | undefined): void {
    // why: a backend written against an older seam may omit usage; the event then says so.
    const usage = (result as Partial<CodeRunResult> | undefined)?.usage ?? null
    this.emit({ type: 'run-finished', callId: this.runCallId, outcome, calls: this.dispatched, usage })
    this.live = false
  }

  private emit(event: RunEvent): void {
    if (!this.live) return
    try {
      this.listener(event)
    } catch {
      // why: R-82 — the listener's failure is its own; the run goes on.
    }
  }
}
