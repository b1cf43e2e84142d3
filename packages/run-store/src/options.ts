import { RunStoreError } from './errors.ts'

/** Tunables of a store; every field has a default. */
export interface RunStoreOptions {
  /** Epoch milliseconds; tests inject one to move time without sleeping. */
  clock?: () => number
  /** Lease of a claim (default 30 s). */
  leaseMs?: number
  /** Finished runs kept, newest first (default 100). */
  keepFinished?: number
  /** A paused run turns `expired` this long after it paused (default 7 days). */
  pausedTtlMs?: number
  /** Cap of each recorded value: arguments, result, error, journal entry, run result (default 1 MiB). */
  maxRecordBytes?: number
  /** Cap of one state value (default 1 MiB). */
  maxStateValueBytes?: number
  /** Cap of one state scope's values together (default 16 MiB). */
  maxStateScopeBytes?: number
  /** Cap of one state scope's keys (default 10,000). */
  maxStateKeys?: number
}

export type ResolvedOptions = Required<RunStoreOptions>

const MiB = 1024 * 1024

/** The defaults the issue fixes. */
export const defaultOptions: ResolvedOptions = {
  clock: Date.now,
  leaseMs: 30_000,
  keepFinished: 100,
  pausedTtlMs: 7 * 24 * 60 * 60 * 1000,
  maxRecordBytes: MiB,
  maxStateValueBytes: MiB,
  maxStateScopeBytes: 16 * MiB,
  maxStateKeys: 10_000,
}

/** Fills in defaults; a count or duration that is not a positive integer throws naming the field. */
export function resolveOptions(options: RunStoreOptions = {}): ResolvedOptions {
  const resolved: ResolvedOptions = { ...defaultOptions }
  for (const [field, value] of Object.entries(options) as Array<[keyof RunStoreOptions, unknown]>) {
    if (value === undefined) continue
    if (field === 'clock') {
      if (typeof value !== 'function') throw invalid('clock', 'a function returning epoch milliseconds')
      resolved.clock = value as () => number
    } else if (field in defaultOptions) {
      if (!Number.isSafeInteger(value) || (value as number) <= 0) throw invalid(field, 'a positive integer')
      ;(resolved as unknown as Record<string, number>)[field] = value as number
    } else {
      throw new RunStoreError('INVALID_ARGUMENT', `unknown run store option "${field}"`)
    }
  }
  return resolved
}

function invalid(field: string, what: string): RunStoreError {
  return new RunStoreError('INVALID_ARGUMENT', `run store option "${field}" must be ${what}`)
}
