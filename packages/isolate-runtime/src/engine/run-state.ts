import type { GuestContext } from '../isolate/guest-context.ts'

// why: the run's budgets and state machine apart from ProgramRun, so the settlement rule reads in one place.
/** The budgets one run is held to. */
export interface RunBudgets {
  cpuMs: number
  wallMs: number
  outputCap: number
  /**
   * Dispatch binding calls one at a time (the seam's rule). False only where the bindings are
   * forwarders to a host that serializes them itself (the supervised child), so a Promise.all
   * crosses the process boundary as one batch.
   */
  serialBindings: boolean
  /**
   * At a budget kill of a program that is executing, pause its isolate through the V8 inspector to
   * name the line (isolate/locate.ts). The paused isolate is abandoned, never disposed, so only a
   * host whose process ends right after (the supervised child) sets this.
   */
  pauseToLocate: boolean
  /**
   * Settle binding calls into an idle isolate from the host's thread, so the program's code after
   * an await runs there until it awaits again: no thread hop per call, but the host thread is busy
   * meanwhile and only isolated-vm's timeout can stop that code. Only a host whose thread serves
   * nothing else (the supervised child) sets this.
   */
  resumeOnHostThread: boolean
  /**
   * With `resumeOnHostThread`, also run the program's first task (its synchronous start) on the
   * host's thread, so a run wakes no isolate thread at all. Only where no budget kill would pause
   * that task to name its line anyway (in-process).
   */
  startOnHostThread: boolean
  /**
   * After settling binding calls on the isolate's thread, poll for the program's next call or its
   * completion for up to this many ms before sleeping (see `PeerPoll`, rule RT-41); 0 never polls.
   */
  pollMs: number
}

/** How the program ended, as the guest reported it (the completion value's JSON, or the failure text). */
export interface Finished {
  kind: 'ok' | 'exception' | 'invalid-output'
  text: string | undefined
}

/**
 * Where a run is; it only moves forward, and `settled` is entered once. `running`: the program
 * may log and call bindings (`context` once started). `draining`: the program reported how it
 * ended; calls are refused, tasks still in flight are awaited. `settled`: the result is out.
 */
export type RunState =
  | { readonly phase: 'running'; readonly context: GuestContext | undefined }
  | { readonly phase: 'draining'; readonly context: GuestContext; readonly finished: Finished }
  | { readonly phase: 'settled'; readonly context: GuestContext | undefined }

/** A binding call the program made, waiting for its turn in the run's queue. */
export interface QueuedCall {
  id: number
  ns: number
  member: string
  json: string | undefined
}
