import type { ResolvedIsolateRuntimeConfig } from './config.ts'
import type { RunBudgets } from './run-state.ts'

/**
 * Where an isolate engine runs its programs, chosen once when the engine is built. `in-process`:
 * in the host's own process, binding calls one at a time; `resumeOnHostThread` (config, default
 * false) runs the program's start and its code after each await on the host's thread.
 * `supervised-child`: inside a supervised runtime's child process, which serves one run at a time
 * and forwards every binding call to its parent; code after an await runs on the child's main
 * thread unless the config says false, and a budget kill may pause the isolate to name the line.
 */
export type RunMode =
  | { readonly kind: 'in-process'; readonly resumeOnHostThread: boolean }
  | { readonly kind: 'supervised-child'; readonly resumeOnHostThread: boolean; readonly pauseToLocate: boolean }

/** The in-process mode for `config`. */
export function inProcessMode(config: ResolvedIsolateRuntimeConfig): RunMode {
  return { kind: 'in-process', resumeOnHostThread: config.resumeOnHostThread ?? false }
}

/**
 * The mode of a supervised runtime's child for `config`; `pausesToLocate`: whether this Node
 * line's V8 survives an inspector pause (`IsolatedVmLine.pausesToLocate`).
 */
export function supervisedChildMode(config: ResolvedIsolateRuntimeConfig, pausesToLocate: boolean): RunMode {
  return {
    kind: 'supervised-child',
    resumeOnHostThread: config.resumeOnHostThread ?? true,
    pauseToLocate: pausesToLocate,
  }
}

/** What every run of an engine reads: its budgets and what its mode means, derived once per engine. */
export interface RunSettings extends RunBudgets {
  /**
   * Dispatch binding calls one at a time (the seam's rule). False in the supervised child, whose
   * bindings forward to a parent that serializes them itself, so a Promise.all crosses the process
   * boundary as one batch.
   */
  readonly serialBindings: boolean
  /**
   * At a budget kill of a program that is executing, pause its isolate through the V8 inspector to
   * name the line (isolate/budget-site.ts). The paused isolate is abandoned, never disposed, so only
   * a host whose process ends right after (the supervised child) does this.
   */
  readonly pauseToLocate: boolean
  /**
   * Settle binding calls into an idle isolate from the host's thread, so the program's code after
   * an await runs there until it awaits again: no thread hop per call, but only isolated-vm's
   * timeout can stop that code (rule RT-40).
   */
  readonly resumeOnHostThread: boolean
  /**
   * With `resumeOnHostThread`, also run the program's first task on the host's thread, so a run
   * wakes no isolate thread at all; only in-process, where no budget kill pauses that task.
   */
  readonly startOnHostThread: boolean
  /** Poll this many ms for the program's answer to settled calls before sleeping (rule RT-41); 0 never polls. */
  readonly pollMs: number
  /** Spare isolates the pool may add (config `spareIsolates`, else 4 in-process and 0 in a child). */
  readonly spareIsolates: number
}

/** The settings of every run of an engine in `mode` with `config`. */
export function runSettings(mode: RunMode, config: ResolvedIsolateRuntimeConfig): RunSettings {
  const inProcess = mode.kind === 'in-process'
  return Object.freeze({
    cpuMs: config.cpuMs,
    wallMs: config.wallMs,
    outputBytes: config.outputBytes,
    memoryMb: config.memoryMb,
    serialBindings: inProcess,
    pauseToLocate: mode.kind === 'supervised-child' && mode.pauseToLocate,
    resumeOnHostThread: mode.resumeOnHostThread,
    // why: in the child the first task stays on the isolate's thread, where a CPU kill can pause it to name the line.
    startOnHostThread: inProcess && mode.resumeOnHostThread,
    pollMs: config.pollMicros / 1000,
    // why: a child's runs go to the child idle longest, whose context is ready; a spare per process costs memory for little.
    spareIsolates: config.spareIsolates ?? (inProcess ? 4 : 0),
  })
}
