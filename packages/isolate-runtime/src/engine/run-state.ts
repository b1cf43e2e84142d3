import type { CodeCallSite } from '@isocode/code-runtime'
import type { GuestContext } from '../isolate/guest-context.ts'

/** The budgets one run is held to (config `cpuMs`, `wallMs`, `outputBytes`). */
export interface RunBudgets {
  readonly cpuMs: number
  readonly wallMs: number
  readonly outputBytes: number
  readonly memoryMb: number
}

/** How the program ended, as the guest reported it (the completion value's JSON, or the failure text). */
export interface Finished {
  kind: 'ok' | 'exception' | 'invalid-output' | 'memory'
  text: string | undefined
}

/**
 * Where an in-process run is. It moves forward only (`running` ⇄ `resuming` aside), and `settled`
 * is entered once. `tasks` counts the isolate tasks in flight (the start, each batch of settled
 * calls); the isolate is reused only when a run settles with none.
 * - `starting`: waiting for its context; nothing of the program ran.
 * - `running`: the program may log and call bindings.
 * - `resuming`: its code after an await runs on the host's thread right now (RunSettings
 *   `resumeOnHostThread`); a line over the output cap waits in `overflow` until that code returns.
 * - `overrun`: code resumed on the host's thread ran past a budget; its calls and the results
 *   meant for it are dropped until the kill a turn later (after the lines it sent).
 * - `stopping`: a budget kill is asking where the program is; it takes nothing more.
 * - `draining`: the program reported how it ended; tasks still in flight are awaited.
 * - `settled`: the result is out.
 */
export type RunState =
  | { readonly phase: 'starting' }
  | { readonly phase: 'running'; readonly context: GuestContext; tasks: number }
  | { readonly phase: 'resuming'; readonly context: GuestContext; tasks: number; overflow: string | undefined }
  | { readonly phase: 'overrun'; readonly context: GuestContext; tasks: number }
  | { readonly phase: 'stopping'; readonly context: GuestContext; tasks: number }
  | { readonly phase: 'draining'; readonly context: GuestContext; tasks: number; readonly finished: Finished }
  | { readonly phase: 'settled'; readonly context: GuestContext | undefined }

/** A binding call the program made, waiting for its turn in the run's queue. */
export interface QueuedCall {
  id: number
  ns: number
  member: string
  json: string | undefined
  site?: CodeCallSite
}
