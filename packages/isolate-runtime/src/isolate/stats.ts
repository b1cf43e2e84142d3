// why: its own file, so the public declarations (service.d.ts, index.d.ts) never reach pool.d.ts,
// whose isolated-vm types name an optional dependency that only one Node line installs.

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
}
