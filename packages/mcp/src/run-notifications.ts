import type { RunEventListener } from '@isocode/registry'
import { LoggingLevelSchema } from '@modelcontextprotocol/sdk/types.js'
import type { LoggingLevel, ProgressToken, ServerNotification } from '@modelcontextprotocol/sdk/types.js'
import { isProgressToken } from './progress-token.ts'

/** At most one `notifications/progress` per this many ms for one `tools/call` (the last is never dropped). */
export const PROGRESS_COALESCE_MS = 50

/** What one `tools/call` offers the notifications of its run: the SDK handler's `extra`, in part. */
export interface RunRequest {
  readonly signal: AbortSignal
  // oxlint-disable-next-line no-underscore-dangle -- why: MCP names the request's metadata `_meta`
  readonly _meta?: { progressToken?: unknown } | undefined
  sendNotification(notification: ServerNotification): Promise<void>
}

/** The notifications of one run_code call: the registry listener, and a flush to await before the result. */
export interface RunNotifications {
  readonly listener: RunEventListener | undefined
  flush(): Promise<void>
}

const SEVERITY = new Map(LoggingLevelSchema.options.map((level, index) => [level, index]))
const CONSOLE_LEVEL: LoggingLevel = 'info'
const NONE: RunNotifications = { listener: undefined, flush: async () => undefined }

/** The request's progress token when it is one MCP allows (a string or an integer), else undefined. */
export function progressTokenOf(request: RunRequest): ProgressToken | undefined {
  // oxlint-disable-next-line no-underscore-dangle -- why: MCP names the request's metadata `_meta`
  const token = request._meta?.progressToken
  return isProgressToken(token) ? token : undefined
}

/**
 * Turn a run's events into MCP notifications for the request that started it: with a progress
 * token, `notifications/progress` as sub-calls finish (progress = calls done, message = the tool
 * and its outcome), coalesced to one per {@link PROGRESS_COALESCE_MS}; with `logLevel` at `info`
 * or below, each console line as `notifications/message`. Nothing is sent once the request is cancelled.
 */
export function runNotifications(request: RunRequest, logLevel: LoggingLevel | undefined): RunNotifications {
  const token = progressTokenOf(request)
  const logs = logLevel !== undefined && (SEVERITY.get(CONSOLE_LEVEL) ?? 0) >= (SEVERITY.get(logLevel) ?? 0)
  if (token === undefined && !logs) return NONE
  const { signal } = request
  let sending: Promise<void> = Promise.resolve()
  let done = 0
  let sent = 0
  let message = ''
  let sentAt = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined
  const send = (notification: ServerNotification): void => {
    // why: a cancelled request gets nothing more (the SDK drops its response too).
    if (signal.aborted) return
    // why: a closed transport is the client's going; the run is unaffected.
    sending = sending.then(() => request.sendNotification(notification)).catch(() => undefined)
  }
  const sendProgress = (): void => {
    timer = undefined
    if (token === undefined || done === sent) return
    sent = done
    sentAt = performance.now()
    send({ method: 'notifications/progress', params: { progressToken: token, progress: done, message } })
  }
  const stopTimer = (): void => clearTimeout(timer)
  signal.addEventListener('abort', stopTimer, { once: true })
  const listener: RunEventListener = (event) => {
    if (event.type === 'console') {
      if (logs)
        send({
          method: 'notifications/message',
          params: { level: CONSOLE_LEVEL, logger: 'run_code', data: event.line },
        })
      return
    }
    if (event.type !== 'call-finished' || token === undefined) return
    done += 1
    message = `${event.tool} ${event.ok ? 'ok' : `failed${event.code === undefined ? '' : ` (${event.code})`}`}`
    if (timer !== undefined) return
    const wait = sentAt + PROGRESS_COALESCE_MS - performance.now()
    if (wait <= 0) sendProgress()
    else timer = setTimeout(sendProgress, wait)
  }
  return {
    listener,
    flush: async () => {
      stopTimer()
      signal.removeEventListener('abort', stopTimer)
      // why: the last count always goes out before the result, however recent the previous one.
      sendProgress()
      await sending
    },
  }
}
