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

/** The approval seam: answers `ask` decisions. Optional; consumers read it with `ctx.get('approval')`. */
export interface Approval {
  /** Ask whether this one call may run; `reason` is the asking policy's explanation. */
  request(execution: ApprovalSubject, reason: string | undefined): Promise<ApprovalOutcome>
}

/** Base class of an approval provider, mounted under the Cordis service name `approval`. */
export abstract class ApprovalService extends Service implements Approval {
  constructor(ctx: Context) {
    super(ctx, 'approval')
  }

  abstract request(execution: ApprovalSubject, reason: string | undefined): Promise<ApprovalOutcome>
}
