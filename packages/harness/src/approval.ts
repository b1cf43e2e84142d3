import { Service } from 'cordis'
import type { Context } from 'cordis'
import type { ScopeKey } from './scope-key.ts'

declare module 'cordis' {
  interface Context {
    approval: ApprovalService
  }
}

/** How a person answered an approval request. */
export type ApprovalOutcome = 'allowed-once' | 'rejected' | 'cancelled'

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
