import type { RunEvent, RunEventListener } from '@isocode/registry'

/** Where `isocode run` shows a run while it is live: stderr, and whether it is a terminal. */
export interface LiveSink {
  readonly tty: boolean
  write(text: string): void
}

// why: erase the status line in place (carriage return + clear to end of line), terminals only.
const CLEAR = '\r\u001B[K'

/**
 * The live timeline of one run: a line per tool call as it finishes (`[n] tool  ms  ok|error`);
 * on a terminal also a status line redrawn in place with the running counter. `end()` clears it.
 */
export function liveTimeline(sink: LiveSink, started = performance.now()): { listener: RunEventListener; end(): void } {
  let done = 0
  let failed = 0
  let running = 0
  let status = false
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
      show(`isocode: [${event.call}] ${event.tool}  ${event.ms.toFixed(0)} ms  ${outcome}`)
    }
  }
  return {
    listener,
    end: () => {
      if (status) sink.write(CLEAR)
      status = false
    },
  }
}
