import type { RunEvent, RunEventListener } from '@isocode/registry'

/** Where `isocode run` shows a run while it is live: stderr, and whether it is a terminal. */
export interface LiveSink {
  readonly tty: boolean
  write(text: string): void
}

// why: erase the status line in place (carriage return + clear to end of line), terminals only.
const CLEAR = '\r\u001B[K'

// why: a run that hits the tool-call limit finishes ~1,000 alike calls; past this many in a row
// of one tool with one outcome, they are counted and said in one line when the streak ends.
const SHOWN_ALIKE = 3

/**
 * The live timeline of one run: a line per tool call as it finishes (`[n] tool  ms  ok|error`),
 * past 3 alike in a row one `… N more tool calls  outcome` line when the streak ends; on a
 * terminal also a status line redrawn in place with the running counter. `end()` clears it.
 */
export function liveTimeline(sink: LiveSink, started = performance.now()): { listener: RunEventListener; end(): void } {
  let done = 0
  let failed = 0
  let running = 0
  let status = false
  let streak = { key: '', tool: '', outcome: '', count: 0 }
  const counter = (): string => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    return `… ${done} call${done === 1 ? '' : 's'} done${failed > 0 ? `, ${failed} failed` : ''}${running > 0 ? `, ${running} running` : ''} · ${seconds} s`
  }
  const show = (line?: string): void => {
    if (!sink.tty) {
      if (line !== undefined) sink.write(`${line}\n`)
      return
    }
    sink.write(`${status ? CLEAR : ''}${line === undefined ? '' : `${line}\n`}${counter()}`)
    status = true
  }
  const listener = (event: RunEvent): void => {
    if (event.type === 'call-started') {
      running += 1
      show()
    } else if (event.type === 'call-finished') {
      running = Math.max(0, running - 1)
      done += 1
      if (!event.ok) failed += 1
      const outcome = event.ok ? 'ok' : `error ${event.code ?? ''}`.trimEnd()
      const key = `${event.tool}\n${outcome}`
      if (key !== streak.key) {
        flush()
        streak = { key, tool: event.tool, outcome, count: 0 }
      }
      streak.count += 1
      if (streak.count <= SHOWN_ALIKE)
        show(`isocode: [${event.call}] ${event.tool}  ${event.ms.toFixed(0)} ms  ${outcome}`)
      else show()
    }
  }
  /** Say the calls of the streak that were not shown one by one. */
  const flush = (): void => {
    const more = streak.count - SHOWN_ALIKE
    if (more > 0) show(`isocode: … ${more} more ${streak.tool} call${more === 1 ? '' : 's'}  ${streak.outcome}`)
    streak = { key: '', tool: '', outcome: '', count: 0 }
  }
  return {
    listener,
    end: () => {
      flush()
      if (status) sink.write(CLEAR)
      status = false
    },
  }
}
