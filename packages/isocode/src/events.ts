import { showValue } from '@isocode/code-runtime'
import type { RunEvent, RunEventListener } from '@isocode/registry'
import { IsocodeError } from './errors.ts'
import type { CodeModeEvent, CodeModeResult, CodeModeStreamItem, RunOptions, StreamOptions } from './types.ts'

const DEFAULT_BUFFER = 256

/** A registry run event as the facade shows it: the same facts without the registry's callIds. */
export function toCodeModeEvent(event: RunEvent): CodeModeEvent {
  switch (event.type) {
    case 'run-started':
      return { type: 'run-started' }
    case 'call-started':
      return { type: 'call-started', call: event.call, tool: event.tool }
    case 'call-finished': {
      const out: CodeModeEvent = {
        type: 'call-finished',
        call: event.call,
        tool: event.tool,
        ms: event.ms,
        ok: event.ok,
        bytes: event.bytes,
      }
      if (event.code !== undefined) out.code = event.code
      return out
    }
    case 'console':
      return { type: 'console', line: event.line }
    case 'run-finished':
      return { type: 'run-finished', outcome: event.outcome, calls: event.calls }
  }
}

/** The registry listener for `options.onEvent`, or undefined; a listener that is not a function is misuse. */
export function runListener(where: string, options: RunOptions | undefined): RunEventListener | undefined {
  const onEvent = options?.onEvent
  if (onEvent === undefined) return undefined
  if (typeof onEvent !== 'function')
    throw new IsocodeError(`${where}: options.onEvent must be a function (event) => void, or left out`, 'INVALID_ARGS')
  return (event) => onEvent(toCodeModeEvent(event))
}

/** Start one run with a signal and a listener; resolves to its result. */
export type StartRun = (signal: AbortSignal, onEvent: (event: CodeModeEvent) => void) => Promise<CodeModeResult>

/**
 * The run `start` begins, as an async iterator: its events through a bounded buffer (the run never
 * waits for the reader; overflow is dropped and counted), then the result item. `return()` aborts the run.
 */
export function runStream(
  start: StartRun,
  options: StreamOptions | undefined,
): AsyncIterableIterator<CodeModeStreamItem> {
  const size = options?.bufferSize ?? DEFAULT_BUFFER
  if (!Number.isSafeInteger(size) || size < 1)
    throw new IsocodeError(
      `stream: options.bufferSize must be a whole number >= 1, got ${showValue(size)}`,
      'INVALID_ARGS',
    )
  const stop = new AbortController()
  const outer = options?.signal
  const signal = outer === undefined ? stop.signal : AbortSignal.any([outer, stop.signal])
  const buffer: CodeModeEvent[] = []
  let dropped = 0
  let final: CodeModeStreamItem | undefined
  let failure: { error: unknown } | undefined
  let done = false
  let wake: (() => void) | undefined
  const notify = (): void => {
    wake?.()
    wake = undefined
  }
  const run = start(signal, (event) => {
    if (buffer.length >= size) dropped += 1
    else buffer.push(event)
    notify()
  })
  run
    .then(
      (result) => void (final = { type: 'result', result, dropped }),
      (error: unknown) => void (failure = { error }),
    )
    .finally(notify)
  const iterator: AsyncIterableIterator<CodeModeStreamItem> = {
    async next() {
      for (;;) {
        const event = buffer.shift()
        if (event !== undefined) return { value: event, done: false }
        if (failure !== undefined) {
          done = true
          throw failure.error
        }
        if (final !== undefined && !done) {
          done = true
          return { value: final, done: false }
        }
        if (done) return { value: undefined, done: true }
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
    async return() {
      if (!done) {
        done = true
        buffer.length = 0
        stop.abort(new Error('the stream was closed before the run ended'))
        await run.catch(() => undefined)
      }
      return { value: undefined, done: true }
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}
