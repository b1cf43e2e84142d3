import { Service } from 'cordis'
import type { Context } from 'cordis'
import type { ScopeKey } from './scope-key.ts'

declare module 'cordis' {
  interface Context {
    approval: ApprovalService
  }
}

/**
 * Every answer an approval provider may give: the person allowed this one call, rejected it,
 * cancelled the prompt, or no one could be asked (`unavailable`, e.g. a headless session).
 */
export const APPROVAL_OUTCOMES = Object.freeze(['allowed-once', 'rejected', 'cancelled', 'unavailable'] as const)

/** How an approval request was answered (one of {@link APPROVAL_OUTCOMES}). */
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number]

/** The part of a tool execution an approval UI needs (a registry ToolExecution satisfies it). */
export interface ApprovalSubject {
  readonly callId: string
  readonly name: string
  readonly arguments: unknown
  readonly agent?: ScopeKey
}

/** What a request carries besides the call: its cancellation. */
export interface ApprovalRequestOptions {
  /**
   * Fires when the call is aborted while the request is pending (the run's wall budget, the run's
   * abort or the caller's signal): the registry has stopped waiting, so close the prompt.
   */
  readonly signal: AbortSignal
}

/** The approval seam: answers `ask` decisions. Optional; consumers read it with `ctx.get('approval')`. */
export interface Approval {
  /**
   * Ask whether this one call may run; `reason` is the asking policy's explanation. The registry
   * always passes `options`; a provider that ignores them is still stopped waiting on at abort.
   */
  request(
    execution: ApprovalSubject,
    reason: string | undefined,
    options?: ApprovalRequestOptions,
  ): Promise<ApprovalOutcome>
}

/** Base class of an approval provider, mounted under the Cordis service name `approval`. */
export abstract class ApprovalService extends Service implements Approval {
  constructor(ctx: Context) {
    super(ctx, 'approval')
  }

  abstract request(
    execution: ApprovalSubject,
    reason: string | undefined,
    options?: ApprovalRequestOptions,
  ): Promise<ApprovalOutcome>
}
