// why: its own file, so the public declarations (service.d.ts, index.d.ts) never reach pool.d.ts,
// whose isolated-vm types name an optional dependency that only one Node line installs.

/** Lifetime counts of one pool, for leak checks and soak reports. */
export interface PoolStats {
  isolatesCreated: number
  isolatesDisposed: number
  /** Runs that started on an isolate of the pool. */
  runs: number
}
