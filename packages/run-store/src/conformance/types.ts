import type { RunStoreOptions } from '../options.ts'
import type { RunStore } from '../run-store.ts'

/** One fresh storage under test; `open` may be called several times (two "processes" on one store). */
export interface RunStoreSubject {
  /** Opens a handle on this subject's storage. */
  open(options?: RunStoreOptions): Promise<RunStore>
  /** Marks the storage as written by schema `version` (needed by the persistence cases). */
  writeSchemaVersion?(version: number): Promise<void>
  /** Removes the storage (after every handle closed). */
  dispose?(): Promise<void>
}

/** Makes a fresh, empty subject for each case. */
export type RunStoreConformanceFactory = () => Promise<RunStoreSubject>

/** What each case file gets: fresh handles on one subject, with a clock the case moves by hand. */
export interface Harness {
  /** A handle with the case's clock (and any other options). */
  open(options?: RunStoreOptions): Promise<RunStore>
  /** A handle with the case's clock, opened once per case. */
  store(): Promise<RunStore>
  subject(): RunStoreSubject
  clock: { now: number; tick(ms: number): void }
  /** Closes every handle of the case (a case that reopens calls it first). */
  closeAll(): Promise<void>
}

/** What the backend offers beyond the common cases. */
export interface RunStoreConformanceOptions {
  /**
   * The storage outlives its handles (file, PostgreSQL): adds the reopen-after-close and
   * newer-schema cases, which need `writeSchemaVersion`.
   */
  persistent: boolean
}
