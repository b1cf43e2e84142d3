/** The message the `isocode` launcher sends its child when the process that started it is gone. */
export interface LauncherStop {
  isocode: 'stop'
  /** What happened, for the log line (`the process that started isocode (pid 123) exited`). */
  reason: string
}

// why: read when the CLI's modules load, long before the server says it listens: read at the stop
// request's start instead, a launcher killed just after that line (this process not yet scheduled
// again) would already have been replaced by init, and the log would name the wrong process.
const PARENT = process.ppid

// why: how often the parent pid is checked when no launcher watches it; a gone parent is noticed within this.
const PARENT_POLL_MS = 500

const isLauncherStop = (message: unknown): message is LauncherStop =>
  typeof message === 'object' &&
  message !== null &&
  (message as LauncherStop).isocode === 'stop' &&
  typeof (message as LauncherStop).reason === 'string'

/**
 * The first request to stop, named for the log: `SIGINT`, `SIGTERM`, `SIGHUP`, the launcher gone
 * (its IPC channel closed, even by SIGKILL), or the process that started isocode gone (reported by
 * the launcher, or seen here as a new parent pid; R-103). Every listener is removed once it resolves.
 */
export function nextStopRequest(): Promise<string> {
  const parent = PARENT
  return new Promise((resolve) => {
    // why: with a launcher, it watches the parent and its IPC channel tells this process; without
    // one (node --no-node-snapshot started directly), this process watches its own parent.
    const stop = (what: string): void => {
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, onSignal)
      process.off('disconnect', onDisconnect)
      process.off('message', onMessage)
      clearInterval(poll)
      resolve(what)
    }
    const onSignal = (signal: NodeJS.Signals): void => stop(signal)
    const onDisconnect = (): void => stop(`the isocode launcher (pid ${parent}) is gone`)
    const onMessage = (message: unknown): void => {
      if (isLauncherStop(message)) stop(message.reason)
    }
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal)
    // why: with a launcher, it watches the parent and its IPC channel tells this process; without
    // one (node --no-node-snapshot started directly), this process watches its own parent.
    let poll: NodeJS.Timeout | undefined
    if (process.channel === undefined) {
      poll = setInterval(() => {
        if (process.ppid !== parent) stop(`the process that started isocode (pid ${parent}) exited`)
      }, PARENT_POLL_MS)
      poll.unref()
    } else {
      process.on('disconnect', onDisconnect)
      process.on('message', onMessage)
    }
  })
}
