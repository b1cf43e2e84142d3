// why: its own file, so the public declarations (in-process-runtime.d.ts, index.d.ts) never reach isolate-pool.d.ts,
// whose isolated-vm types name an optional dependency that only one Node line installs.

/** What a PeerPoll (engine/peer-poll.ts) did; summed into the runtime's stats (the parent's, when supervised). */
export interface PollCounts {
  /** Waits during which the event loop polled. */
  polled: number
  /** Of those, waits whose answer arrived before the window closed. */
  caught: number
  /** Waits that slept without polling, because recent answers came too late to catch. */
  skipped: number
}

/** Lifetime counts of one pool, for leak checks and soak reports. */
export interface PoolStats {
  isolatesCreated: number
  isolatesDisposed: number
  /**
   * Isolates left paused after a budget kill named the program's position (never disposed:
   * isolated-vm crashes disposing a paused isolate); only a process that then exits may have them.
   */
  isolatesAbandoned: number
  /** Runs that started on an isolate of the pool. */
  runs: number
  /**
   * Of those, runs that found no idle isolate with a ready context and waited for one: a share
   * near 1 with one caller means each run outpaces the next context's preparation.
   */
  runsQueued: number
  /** Spare isolates added because runs found no context ready (PoolOptions.spares), and those disposed again after sitting unused. */
  sparesAdded: number
  sparesRetired: number
  /** Fresh contexts made ready for a run (one per run, plus one per isolate at its start). */
  contextsPrepared: number
  /** Isolate CPU time spent preparing them, ms; never part of a run's `usage.cpuMs`. */
  preparationCpuMs: number
  /** Binding results settled from the host's thread, the program's code after them included (RunSettings.resumeOnHostThread). */
  hostThreadResumes: number
  /** Programs started on the host's thread (RunSettings.startOnHostThread). */
  hostThreadStarts: number
  /** Total CPU time of the disposed isolates, ms, read at disposal (0 for one a heap limit killed). */
  isolateCpuMs: number
  /** Polling for the program's next call after settling calls on the isolate's thread (config `pollMicros`). */
  polls: PollCounts
}

/** A pool's counts before anything happened. */
export function emptyStats(): PoolStats {
  return {
    isolatesCreated: 0,
    isolatesDisposed: 0,
    isolatesAbandoned: 0,
    runs: 0,
    runsQueued: 0,
    sparesAdded: 0,
    sparesRetired: 0,
    contextsPrepared: 0,
    preparationCpuMs: 0,
    hostThreadResumes: 0,
    hostThreadStarts: 0,
    isolateCpuMs: 0,
    polls: { polled: 0, caught: 0, skipped: 0 },
  }
}
