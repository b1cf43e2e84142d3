// A native tool called directly (mode `both`) whose `ask` decision goes to the client's user as
// elicitation/create (rule R-152): approve or deny this one call, answered on the call's own stream.
import type { Approval, ApprovalOutcome, ApprovalSubject } from '@isocode/harness'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js'

/** How long the user has to answer when the server sets no wait (the CLI's `--approval-wait-s` default). */
export const DIRECT_APPROVAL_WAIT_MS = 300_000

/** The form asking about one direct call: the tool, its arguments and why a policy asks. */
function directElicitationParams(call: ApprovalSubject, reason: string | undefined): ElicitRequest['params'] {
  const shown = `tools.${call.name}(${JSON.stringify(call.arguments)})`
  return {
    message: `A call needs your approval${reason === undefined ? '' : ` (${reason})`}:\n  ${shown}`,
    requestedSchema: {
      type: 'object',
      properties: {
        approve: { type: 'boolean', title: `Approve ${call.name}`, description: shown, default: false },
      },
      required: ['approve'],
    },
  }
}

/** The approval outcome of the user's answer: only a ticked `approve` allows the call. */
function directOutcome(answer: ElicitResult): ApprovalOutcome {
  if (answer.action === 'accept') return answer.content?.['approve'] === true ? 'allowed-once' : 'rejected'
  return answer.action === 'decline' ? 'rejected' : 'cancelled'
}

/**
 * The approver of one direct call: asks the client that made it, related to its request, for at
 * most `waitMs`; no answer in time, or a failed request, is `unavailable` (the call is denied).
 */
export function directApproval(server: Server, requestId: string | number, waitMs: number): Approval {
  return {
    async request(call, reason, options) {
      try {
        const answer = await server.elicitInput(directElicitationParams(call, reason), {
          relatedRequestId: requestId,
          timeout: waitMs,
          ...(options === undefined ? {} : { signal: options.signal }),
        })
        return directOutcome(answer)
      } catch {
        // why: nobody answered (timeout, a closed session, a client that refused the request).
        return 'unavailable'
      }
    },
  }
}
