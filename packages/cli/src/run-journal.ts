import { AsyncLocalStorage } from 'node:async_hooks'
import { SessionSink } from '@isocode/harness'
import type { ScopeKey, SessionEvent } from '@isocode/harness'
import type { ToolExecution, ToolExecutionResult, ToolExecutionToken } from '@isocode/registry'
import type { RunRecord } from 'isocode/internal'
import { timelineEntry } from './report.ts'
import type { TimelineEntry } from './report.ts'

/** What one watched run left behind: the runtime's record of its program and its sub-call timeline. */
export interface RunReport {
  /** The program's result and wall time; undefined when run_code failed before the program ran. */
  run: RunRecord | undefined
  calls: TimelineEntry[]
  /** The run's `tool/code-run` outcome (`ok`, a runtime kind, or a registry budget such as `tool-call-limit`). */
  outcome: string | undefined
}

/** A run being watched: {@link RunWatch.take} hands over its report and forgets it. */
export interface RunWatch {
  take(): RunReport
}

interface Pending {
  run: RunRecord | undefined
  calls: TimelineEntry[]
  outcome: string | undefined
  /** Durations of sub-calls whose dispatch event has not landed yet, by callId. */
  durations: Map<string, number>
}

/**
 * The CLI's session sink and recorder: it keeps what a run does only while someone watches that
 * run (its outer callId), and then only the report lines (name, ms, outcome), never arguments or
 * result text. Unwatched runs leave nothing behind, so a server's memory never grows with its runs.
 */
export class RunJournal extends SessionSink {
  private readonly watched = new Map<string, Pending>()
  private readonly byToken = new WeakMap<ToolExecutionToken, Pending>()
  // why: the runtime sees no callId; the outer run_code call carries its record down the async chain.
  private readonly current = new AsyncLocalStorage<Pending>()

  /** How many runs are watched and not yet taken (what the journal holds at all). */
  get watching(): number {
    return this.watched.size
  }

  /** Keep the report of the run whose outer callId is `callId` until its `take()`. */
  watch(callId: string): RunWatch {
    if (this.watched.has(callId))
      throw new Error(`RunJournal.watch: callId "${callId}" is already watched; take() its report first`)
    const pending: Pending = { run: undefined, calls: [], outcome: undefined, durations: new Map() }
    this.watched.set(callId, pending)
    return {
      take: () => {
        this.watched.delete(callId)
        return { run: pending.run, calls: pending.calls, outcome: pending.outcome }
      },
    }
  }

  /** The `tools/execute` wrapper: ties a watched run to its token and times its sub-calls. */
  async around(exec: ToolExecution, next: () => Promise<ToolExecutionResult>): Promise<ToolExecutionResult> {
    const outer = this.watched.get(exec.callId)
    if (outer !== undefined) {
      this.byToken.set(exec.token, outer)
      return this.current.run(outer, next)
    }
    const parent = exec.parent === undefined ? undefined : this.byToken.get(exec.parent)
    if (parent === undefined) return next()
    const started = performance.now()
    const result = await next()
    parent.durations.set(exec.callId, performance.now() - started)
    return result
  }

  /** The RecordingRuntime's hook: keep the record when the run is a watched one. */
  record(record: RunRecord): void {
    const pending = this.current.getStore()
    if (pending !== undefined) pending.run = record
  }

  append(_scope: ScopeKey | undefined, event: SessionEvent): void {
    if (event.type === 'tool/code-run') {
      const run = this.watched.get(String(event.callId))
      if (run !== undefined && typeof event.outcome === 'string') run.outcome = event.outcome
      return
    }
    if (event.type !== 'tool/code-dispatch') return
    const pending = this.watched.get(String(event.parentCallId))
    if (pending === undefined) return
    const callId = String(event.callId)
    pending.calls.push(timelineEntry(event, pending.durations.get(callId)))
    pending.durations.delete(callId)
  }
}
